import { act, render, screen } from '@testing-library/react';
import { useWideScreen, WIDE_SCREEN_QUERY } from './hooks/useWideScreen';

function Probe() {
  return <p>{useWideScreen() ? 'leveä' : 'kapea'}</p>;
}

/** A matchMedia whose one query list the test can switch between matching and not. */
function fakeMatchMedia(initial: boolean) {
  const listeners = new Set<() => void>();
  const list = {
    matches: initial,
    media: WIDE_SCREEN_QUERY,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  const matchMedia = jest.fn(() => list);
  return {
    matchMedia,
    set(matches: boolean) {
      list.matches = matches;
      for (const listener of listeners) listener();
    },
  };
}

describe('useWideScreen', () => {
  const original = window.matchMedia;
  afterEach(() => {
    window.matchMedia = original;
  });

  it('is false on a phone and follows the width when it changes', () => {
    const media = fakeMatchMedia(false);
    window.matchMedia = media.matchMedia as unknown as typeof window.matchMedia;
    render(<Probe />);
    expect(screen.getByText('kapea')).toBeInTheDocument();
    expect(media.matchMedia).toHaveBeenCalledWith('(min-width: 960px)');
    act(() => media.set(true));
    expect(screen.getByText('leveä')).toBeInTheDocument();
  });

  it('is true when the width cannot be known (no matchMedia)', () => {
    // @ts-expect-error: a browser without matchMedia
    window.matchMedia = undefined;
    render(<Probe />);
    expect(screen.getByText('leveä')).toBeInTheDocument();
  });
});
