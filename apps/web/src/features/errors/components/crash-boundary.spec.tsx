import { render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { theme } from '@hintakori/web-ui';
import { CrashBoundary } from './CrashBoundary';

function Broken({ fail }: { fail: boolean }) {
  if (fail) throw new Error('page broke');
  return <p>sivu</p>;
}

const at = (resetKey: string | undefined, fail: boolean) => (
  <ThemeProvider theme={theme}>
    <CrashBoundary resetKey={resetKey}>
      <Broken fail={fail} />
    </CrashBoundary>
  </ThemeProvider>
);

describe('CrashBoundary', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('shows the apology screen for a render error and keeps it without a reset key', () => {
    const view = render(at(undefined, true));
    expect(screen.getByRole('heading', { name: 'Pahoittelut, jotain meni pieleen!' })).toBeInTheDocument();
    view.rerender(at(undefined, false));
    expect(screen.getByRole('heading', { name: 'Pahoittelut, jotain meni pieleen!' })).toBeInTheDocument();
  });

  it('clears the crash when the reset key (the address) changes', () => {
    const view = render(at('/tuotteet/a', true));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    view.rerender(at('/tuotteet/a', false));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    view.rerender(at('/haku', false));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('sivu')).toBeInTheDocument();
  });
});
