import { QueryClient } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/** Each test gets its own copy of the module: the warm-up runs once per page life. */
async function freshLazy() {
  vi.resetModules();
  return import('./lazy.js');
}

function Page() {
  return null;
}

/** A loader that counts its calls and fails while `failing` is set. */
function loader() {
  const state = { calls: 0, failing: false };
  const load = () => {
    state.calls += 1;
    return state.failing ? Promise.reject(new Error('chunk not found')) : Promise.resolve({ Page });
  };
  return { state, load };
}

/** Lets pending promise callbacks and zero-delay timers run. */
const settle = () => new Promise((r) => setTimeout(r, 5));

describe('lazy screens', () => {
  beforeEach(() => vi.resetModules());

  it('loads a screen’s code once, however often it is asked for', async () => {
    const { lazyScreen } = await freshLazy();
    const { state, load } = loader();
    const screen = lazyScreen(load, 'Page');
    await Promise.all([screen.preload(), screen.preload()]);
    await screen.preload();
    expect(state.calls).toBe(1);
  });

  it('tries a failed load again at the next ask, instead of failing for the page’s life', async () => {
    const { lazyScreen } = await freshLazy();
    const { state, load } = loader();
    const screen = lazyScreen(load, 'Page');
    state.failing = true;
    await expect(screen.preload()).rejects.toThrow('chunk not found');
    state.failing = false;
    await expect(screen.preload()).resolves.toBeUndefined();
    expect(state.calls).toBe(2);
  });

  it('counts code that neither arrives nor fails within the bound as failed, asks again next time, and keeps code that comes late', async () => {
    vi.useFakeTimers();
    try {
      const { CODE_LOAD_TIMEOUT_MS, lazyScreen } = await freshLazy();
      const arrivals: ((mod: { Page: typeof Page }) => void)[] = [];
      const screen = lazyScreen(() => new Promise<{ Page: typeof Page }>((r) => arrivals.push(r)), 'Page');
      let outcome = 'pending';
      screen.preload().then(
        () => (outcome = 'loaded'),
        (error: unknown) => (outcome = error instanceof Error ? 'failed' : 'odd'),
      );
      await vi.advanceTimersByTimeAsync(CODE_LOAD_TIMEOUT_MS - 1);
      expect(outcome).toBe('pending');
      // Shared while it waits: one request, however many ask.
      void screen.preload().catch(() => undefined);
      expect(arrivals).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(outcome).toBe('failed');

      // Code that comes after the bound is kept: the screen draws it instead of the spinner.
      expect(renderToString(createElement(screen))).toContain('screen-loading');
      arrivals[0]?.({ Page });
      await vi.advanceTimersByTimeAsync(0);
      expect(renderToString(createElement(screen))).toBe('');
      // The next ask loads again.
      const again = screen.preload();
      expect(arrivals).toHaveLength(2);
      arrivals[1]?.({ Page });
      await expect(again).resolves.toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it('goes on warming the other screens when one’s code never arrives', async () => {
    vi.useFakeTimers();
    try {
      const { CODE_LOAD_TIMEOUT_MS, lazyScreen, warmScreensWhenIdle } = await freshLazy();
      const second = loader();
      lazyScreen(() => new Promise<never>(() => undefined), 'Page', { warm: 10 });
      lazyScreen(second.load, 'Page', { warm: 20 });
      warmScreensWhenIdle();
      await vi.advanceTimersByTimeAsync(CODE_LOAD_TIMEOUT_MS - 1);
      expect(second.state.calls).toBe(0);
      await vi.advanceTimersByTimeAsync(10);
      expect(second.state.calls).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('starts the code and hands the route to the screen’s prefetch when a route is prepared', async () => {
    const { lazyScreen, isLazyScreen } = await freshLazy();
    const { state, load } = loader();
    const seen: unknown[] = [];
    const screen = lazyScreen(load, 'Page', {
      prefetch: (at) => seen.push([at.game, at.params, at.search.get('q')]),
    });
    expect(isLazyScreen(screen)).toBe(true);
    expect(isLazyScreen(Page)).toBe(false);
    screen.prepare({
      client: new QueryClient(),
      game: 'lw',
      params: { id: '42' },
      search: new URLSearchParams('q=x'),
    });
    expect(seen).toEqual([['lw', { id: '42' }, 'x']]);
    expect(state.calls).toBe(1);
  });

  it('asks for a prefetch kept in a module of its own before the screen’s code, and survives its loss', async () => {
    const { lazyScreen, prefetchFrom } = await freshLazy();
    const asked: string[] = [];
    const module = (fail: boolean) => () => {
      asked.push('reads');
      return fail
        ? Promise.reject(new Error('chunk not found'))
        : Promise.resolve({ pageReads: (at: { game: unknown }) => asked.push(`read ${String(at.game)}`) });
    };
    const code = () => {
      asked.push('code');
      return Promise.resolve({ Page });
    };
    const at = { client: new QueryClient(), game: 'lw' as const, params: {}, search: new URLSearchParams() };
    lazyScreen(code, 'Page', { prefetch: prefetchFrom(module(false), 'pageReads') }).prepare(at);
    await settle();
    expect(asked).toEqual(['reads', 'code', 'read lw']);

    asked.length = 0;
    const lost = lazyScreen(code, 'Page', { prefetch: prefetchFrom(module(true), 'pageReads') });
    lost.prepare(at);
    await settle();
    expect(asked).toEqual(['reads', 'code']);
    await expect(lost.preload()).resolves.toBeUndefined();
  });

  it('once the prefetch modules are loaded, asks for a route’s reads in the navigation’s own task', async () => {
    const { lazyScreen, prefetchFrom, loadPrefetchesNow } = await freshLazy();
    const loads: string[] = [];
    const reads: string[] = [];
    const module = (label: string) => () => {
      loads.push(label);
      return Promise.resolve({
        pageReads: (at: { game: unknown }) => reads.push(`${label} ${String(at.game)}`),
      });
    };
    const shared = module('lists');
    const a = lazyScreen(() => Promise.resolve({ Page }), 'Page', {
      prefetch: prefetchFrom(shared, 'pageReads'),
    });
    lazyScreen(() => Promise.resolve({ Page }), 'Page', {
      prefetch: prefetchFrom(module('other'), 'pageReads'),
    });
    loadPrefetchesNow();
    loadPrefetchesNow();
    await settle();
    expect(loads.sort()).toEqual(['lists', 'other']);

    a.prepare({ client: new QueryClient(), game: 'lw', params: {}, search: new URLSearchParams() });
    // No await: the read is asked for before prepare returns.
    expect(reads).toEqual(['lists lw']);
    expect(loads).toHaveLength(2);
  });

  it('loads the warm screens, and only those, by their places (not the order declared), once per page life', async () => {
    const { lazyScreen, warmScreensWhenIdle } = await freshLazy();
    const order: string[] = [];
    const named = (name: string, warm: number | undefined) =>
      lazyScreen(
        () => {
          order.push(name);
          return Promise.resolve({ Page });
        },
        'Page',
        warm === undefined ? {} : { warm },
      );
    named('detail', 20);
    named('stats', undefined);
    named('search', 10);
    warmScreensWhenIdle();
    warmScreensWhenIdle();
    await vi.waitFor(() => expect(order).toEqual(['search', 'detail']));
    await settle();
    expect(order).toEqual(['search', 'detail']);
  });

  it('warms what a warm screen loads itself after every screen, once the operator is quiet, and nothing for a cold one', async () => {
    const { HEAVY_QUIET_MS, lazyScreen, warmScreensWhenIdle } = await freshLazy();
    const order: string[] = [];
    const load = (name: string) => () => {
      order.push(name);
      return Promise.resolve({ Page });
    };
    lazyScreen(load('report'), 'Page', { warm: 10, warmAlso: load('charts') });
    lazyScreen(load('stats'), 'Page', { warmAlso: load('stats charts') });
    lazyScreen(load('search'), 'Page', { warm: 20 });
    // The operator pressed something just now: the screens' code warms, the charts wait.
    let quietMs = 0;
    warmScreensWhenIdle(undefined, () => quietMs);
    await vi.waitFor(() => expect(order).toEqual(['report', 'search']));
    await new Promise((r) => setTimeout(r, 50));
    expect(order).toEqual(['report', 'search']);
    quietMs = HEAVY_QUIET_MS;
    await vi.waitFor(() => expect(order).toEqual(['report', 'search', 'charts']), {
      timeout: 3 * HEAVY_QUIET_MS,
    });
    await settle();
    expect(order).toEqual(['report', 'search', 'charts']);
  });

  it('waits to warm while the console waits for an answer', async () => {
    const { lazyScreen, warmScreensWhenIdle } = await freshLazy();
    const first = loader();
    lazyScreen(first.load, 'Page', { warm: 10 });
    let fetching = true;
    warmScreensWhenIdle(() => fetching);
    await new Promise((r) => setTimeout(r, 400));
    expect(first.state.calls).toBe(0);
    fetching = false;
    await vi.waitFor(() => expect(first.state.calls).toBe(1));
  });

  it('goes on warming the other screens when one cannot load', async () => {
    const { lazyScreen, warmScreensWhenIdle } = await freshLazy();
    const first = loader();
    first.state.failing = true;
    const second = loader();
    lazyScreen(first.load, 'Page', { warm: 10 });
    lazyScreen(second.load, 'Page', { warm: 20 });
    warmScreensWhenIdle();
    await vi.waitFor(() => expect(second.state.calls).toBe(1));
    expect(first.state.calls).toBe(1);
  });
});
