import { createElement, lazy, useState, type ComponentProps, type ComponentType, type FunctionComponent, type LazyExoticComponent } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '@hintakori/web-util';

/** Rejects a chunk import that has not finished within the time-out (120 s). */
export function withTimeout<T>(load: () => Promise<T>, ms: number = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Loading a script chunk timed out after ${ms} ms`)), ms);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** A lazily loaded component that can be asked to load before it renders. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type PreloadableComponent<C extends ComponentType<any>> = FunctionComponent<ComponentProps<C>> & {
  /** Loads (and evaluates) the component's chunk; once it has, the component renders at once, without suspending. */
  preload(): Promise<void>;
};

/**
 * React.lazy for a named export, with the chunk time-out. `preload()` starts the import early; a component whose
 * chunk is already there when it mounts renders directly (React.lazy would suspend once even then: a spinner
 * committed and the page built in a second pass). Each mounted instance keeps the kind it started with, so that a
 * chunk arriving later never remounts what React.lazy rendered.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyNamed<M extends Record<K, ComponentType<any>>, K extends keyof M>(load: () => Promise<M>, name: K): PreloadableComponent<M[K]> {
  let loaded: M[K] | undefined;
  let loading: Promise<{ default: M[K] }> | undefined;
  const start = () =>
    (loading ??= withTimeout(load).then((m) => {
      loaded = m[name];
      return { default: m[name] };
    }));
  const Lazy: LazyExoticComponent<M[K]> = lazy(start);
  function Preloadable(props: ComponentProps<M[K]>) {
    const [Component] = useState<ComponentType<ComponentProps<M[K]>>>(() => loaded ?? (Lazy as ComponentType<ComponentProps<M[K]>>));
    return createElement(Component, props);
  }
  Preloadable.displayName = `Lazy(${String(name)})`;
  return Object.assign(Preloadable, { preload: () => start().then(() => undefined) });
}
