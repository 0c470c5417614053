import { act, render, screen } from '@testing-library/react';
import { Suspense, useState, type ReactElement, type ReactNode } from 'react';
import { lazyNamed } from './lazy';

/** A chunk whose import resolves when the test says so. */
function deferredChunk() {
  let resolve!: (module: { Page: (props: { label: string }) => ReactElement }) => void;
  const chunk = new Promise<{ Page: (props: { label: string }) => ReactElement }>((r) => (resolve = r));
  const load = jest.fn(() => chunk);
  const arrive = () => resolve({ Page: ({ label }) => <p>{label}</p> });
  return { load, arrive };
}

function Counter({ children }: { children: ReactNode }) {
  const [n, setN] = useState(0);
  return (
    <>
      <button onClick={() => setN(n + 1)}>{`painettu ${n}`}</button>
      {children}
    </>
  );
}

describe('lazyNamed', () => {
  it('renders a preloaded page at once: no spinner, and the chunk is imported once', async () => {
    const { load, arrive } = deferredChunk();
    const Page = lazyNamed(load, 'Page');
    const preloaded = Page.preload();
    arrive();
    await preloaded;
    render(
      <Suspense fallback={<p>Ladataan…</p>}>
        <Page label="Kaupat" />
      </Suspense>,
    );
    // Synchronously there, in the first commit: React.lazy would show the spinner first.
    expect(screen.getByText('Kaupat')).toBeInTheDocument();
    expect(screen.queryByText('Ladataan…')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('suspends behind the spinner when the chunk is not there yet, and keeps what it rendered when the chunk arrives', async () => {
    const { load, arrive } = deferredChunk();
    const Page = lazyNamed(load, 'Page');
    render(
      <Counter>
        <Suspense fallback={<p>Ladataan…</p>}>
          <Page label="Haku" />
        </Suspense>
      </Counter>,
    );
    expect(screen.getByText('Ladataan…')).toBeInTheDocument();
    await act(async () => arrive());
    const shown = await screen.findByText('Haku');
    // A later render of the parent does not swap the lazy element for the loaded one (which would remount it).
    act(() => screen.getByRole('button').click());
    expect(screen.getByText('painettu 1')).toBeInTheDocument();
    expect(screen.getByText('Haku')).toBe(shown);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
