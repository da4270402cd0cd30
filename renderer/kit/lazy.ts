import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A component whose code is fetched on demand, and the way to fetch it ahead of its first render. */
export interface Preloadable<P = object> {
  component: LazyExoticComponent<ComponentType<P>>;
  /** Fetches the code once; later calls share the first fetch (one that failed is tried again). */
  preload: () => Promise<ComponentType<P>>;
}

/**
 * A named export of a module loaded on demand, as a component. Screens and top-bar widgets are
 * named exports; `name` picks one, checked against the module's type.
 */
export function preloadable<M extends Record<string, unknown>, K extends keyof M & string, P = object>(
  load: () => Promise<M>,
  name: K & (M[K] extends ComponentType<P> ? K : never),
): Preloadable<P> {
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    loading ??= load().then(
      (mod) => mod[name] as ComponentType<P>,
      (err: unknown) => {
        loading = undefined;
        throw err;
      },
    );
    return loading;
  };
  return { component: lazy(async () => ({ default: await preload() })), preload };
}

/**
 * A screen loaded on demand: its code (and what only it uses: tables, forms, selects) is fetched
 * the first time its route opens, so the first paint carries only the shell.
 */
export function lazyScreen<M extends Record<string, unknown>, K extends keyof M & string, P = object>(
  load: () => Promise<M>,
  name: K & (M[K] extends ComponentType<P> ? K : never),
): LazyExoticComponent<ComponentType<P>> {
  return preloadable<M, K, P>(load, name).component;
}
