import type { ReactElement } from 'react';
import { render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { SkeletonCards, SkeletonDropdownRows, SkeletonRows } from './Skeleton';
import { randomId, TextInput } from './TextInput';
import { theme } from './theme';

const withTheme = (ui: ReactElement) => render(<ThemeProvider theme={theme}>{ui}</ThemeProvider>);

describe('TextInput', () => {
  it('generates a random 8-character alphanumeric id when none is given', () => {
    expect(randomId()).toMatch(/^[A-Za-z0-9]{8}$/);
    withTheme(<TextInput label="Nimi" name="name" />);
    const input = screen.getByLabelText('Nimi');
    expect(input.id).toMatch(/^[A-Za-z0-9]{8}$/);
    expect(input).toHaveAttribute('type', 'text');
  });

  it('shows only the error text passed in, beneath the input', () => {
    withTheme(<TextInput label="Sähköposti" id="email" type="email" error="Tarkista osoite" />);
    const input = screen.getByLabelText('Sähköposti');
    expect(input.id).toBe('email');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Tarkista osoite');
  });
});

describe('skeletons', () => {
  it('default to 10 cards, 5 rows and 4 dropdown rows', () => {
    withTheme(
      <>
        <SkeletonCards />
        <SkeletonRows />
        <SkeletonDropdownRows />
      </>,
    );
    expect(screen.getAllByTestId('skeleton-card')).toHaveLength(10);
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(5);
    expect(screen.getAllByTestId('skeleton-dropdown-row')).toHaveLength(4);
  });
});
