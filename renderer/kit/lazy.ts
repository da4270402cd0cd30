import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * A screen loaded on demand: its code (and what only it uses: tables, forms, selects) is fetched
 * the first time its route opens, so the first paint carries only the shell. Screens are named
 * exports; `name` picks one, checked against the module's type.
 */
export function lazyScreen<M extends Record<string, unknown>, K extends keyof M & string, P = object>(
  load: () => Promise<M>,
  name: K & (M[K] extends ComponentType<P> ? K : never),
): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => {
    const mod = await load();
    return { default: mod[name] as ComponentType<P> };
  });
}
