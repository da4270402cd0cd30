import {
  createElement,
  lazy,
  useEffect,
  useState,
  type ComponentType,
  type LazyExoticComponent,
  type ReactElement,
} from 'react';
import { Spinner } from '@blueprintjs/core';
import type { QueryClient } from '@tanstack/react-query';
import type { GameId } from '../../shared/games.js';
import { i18n } from '../i18n/i18n.js';

/** What a screen's route knows before the screen's code is here: enough to start its reads. */
export interface ScreenPrefetch {
  client: QueryClient;
  /** The route's game, for a game screen. */
  game: GameId | undefined;
  /** The route's path params (`:id`, `:tab`). */
  params: Readonly<Record<string, string | undefined>>;
  search: URLSearchParams;
}

export interface LazyScreenOptions {
  /**
   * Starts the reads the screen makes first, from the route alone, as the navigation begins: they
   * travel while the code loads and the tree above the screen renders, instead of after it mounts.
   */
  prefetch?: (at: ScreenPrefetch) => void;
  /**
   * Load the code while the browser is idle after sign-in (warmScreensWhenIdle), so the first
   * visit draws at once: for the screens operators open most. The number is the screen's place
   * in the warm-up, lowest first (the player search before the rest), so that the order does
   * not depend on which feature module happened to be evaluated first.
   */
  warm?: number;
  /**
   * Code the screen loads itself once it is drawn (ECharts, for a report), warmed when `warm` is
   * set: after every screen's own code, and only once the operator has left the console alone
   * for a while (HEAVY_QUIET_MS). Such code runs on the main thread for tens of ms as it arrives
   * (ECharts: 70 ms), which must not land in the middle of what the operator just asked for.
   */
  warmAlso?: () => Promise<unknown>;
}

/** Every prefetch module's loader, once each: loaded as soon as a signed-in screen is drawn. */
const prefetchLoaders = new Set<() => Promise<unknown>>();

/**
 * A screen's prefetch kept in a module of its own (named export `name`), so that it leaves beside
 * the screen's code as the navigation begins rather than after it: the module is small (what the
 * screen reads, not how it draws it) and the endpoint table it needs stays out of the initial
 * JavaScript. Once the module is here (loadPrefetchesNow), the read is asked for in the
 * navigation's own task, not after a fetch of the module and its evaluation.
 */
export function prefetchFrom<M extends Record<string, unknown>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K & (M[K] extends (at: ScreenPrefetch) => void ? K : never),
): (at: ScreenPrefetch) => void {
  let loaded: ((at: ScreenPrefetch) => void) | undefined;
  const loadOnce = () =>
    load().then((mod) => {
      loaded = mod[name] as (at: ScreenPrefetch) => void;
      return loaded;
    });
  prefetchLoaders.add(loadOnce);
  return (at) => {
    if (loaded) {
      loaded(at);
      return;
    }
    loadOnce().then(
      (prefetch) => prefetch(at),
      // Without the module the screen cannot load either, and says so itself.
      () => undefined,
    );
  };
}

let prefetchesLoading = false;

/**
 * Loads every screen's prefetch module once, right after the first signed-in screen is drawn,
 * not when the browser is idle: they are a few KB each, and with them here the first navigation
 * to a list asks for its rows at once instead of about 40 ms later (issue 25: a list's first rows
 * on a page just loaded). A module that cannot load is asked for again by its route.
 */
export function loadPrefetchesNow(): void {
  if (prefetchesLoading) return;
  prefetchesLoading = true;
  for (const load of prefetchLoaders) load().catch(() => undefined);
}

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
 * the first time its route opens, or earlier by `preload`, so the first paint carries only the
 * shell. Once the code is here the screen draws in its first render.
 */
export interface LazyScreen<P extends object> {
  (props: P): ReactElement | null;
  /**
   * Fetches and evaluates the screen's code once; a failed load, or one that has not settled
   * within CODE_LOAD_TIMEOUT_MS, is tried again at the next call.
   */
  preload(): Promise<void>;
  /** Starts the code and the screen's first reads for a route about to be shown. */
  prepare(at: ScreenPrefetch): void;
}

/**
 * How long a screen's code may take before its load counts as failed. A request that neither
 * answers nor fails (a connection gone quiet on a flaky network) would otherwise keep the spinner
 * up for good, and hold back every warm-up step after it. Far above a slow load: a chunk comes
 * from disk or the browser host in well under a second, in a few seconds on a busy machine. The
 * screen then shows the crash page, and a later visit asks for the code again.
 */
export const CODE_LOAD_TIMEOUT_MS = 20_000;

/** `arriving`, or a failure once CODE_LOAD_TIMEOUT_MS has passed without it settling. */
function withinBound(arriving: Promise<void>): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const seconds = CODE_LOAD_TIMEOUT_MS / 1000;
      reject(new Error(i18n.t('errors.crash.codeTimedOut', { seconds })));
    }, CODE_LOAD_TIMEOUT_MS);
  });
  return Promise.race([arriving, late]).finally(() => clearTimeout(timer));
}

/** The spinner that holds a screen's place while its code loads. */
const LOADING: Record<string, string> = { className: 'screen-loading', 'data-testid': 'screen-loading' };

/**
 * Warm screens with their places. Declared as the feature modules are evaluated, which is before
 * any screen is drawn; warmed by place.
 */
const warmScreens: { place: number; load: () => Promise<unknown> }[] = [];
/** What warm screens load themselves (warmAlso), warmed after every screen, when the operator is quiet. */
const warmHeavy: { place: number; load: () => Promise<unknown> }[] = [];

/**
 * Screens are named exports; `name` picks one, checked against the module's type.
 *
 * Not React.lazy: a lazy component suspends on its first render even when its code is already
 * here, and React shows content that replaces a Suspense fallback no sooner than 300 ms after the
 * fallback (its fallback throttle), so every first visit of a screen cost at least 300 ms. Here a
 * screen whose code is loaded renders at once, and one still loading shows a spinner that is
 * replaced by an ordinary update as soon as the code arrives.
 */
export function lazyScreen<
  M extends Record<string, unknown>,
  K extends keyof M & string,
  P extends object = object,
>(
  load: () => Promise<M>,
  name: K & (M[K] extends ComponentType<P> ? K : never),
  options: LazyScreenOptions = {},
): LazyScreen<P> {
  let component: ComponentType<P> | undefined;
  let loading: Promise<void> | undefined;

  const preload = (): Promise<void> =>
    (loading ??= withinBound(
      // Code that arrives after the bound is still kept: the next visit draws at once.
      load().then((mod) => {
        component = mod[name] as ComponentType<P>;
      }),
    ).catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));

  function Screen(props: P): ReactElement {
    const [failure, setFailure] = useState<{ error: unknown }>();
    // True once drawn with the code; set again (a no-op then) when the code arrives, which may be
    // between the render that showed the spinner and this effect.
    const [, setLoaded] = useState(() => component !== undefined);
    useEffect(() => {
      let live = true;
      preload().then(
        () => live && setLoaded(true),
        (error: unknown) => live && setFailure({ error }),
      );
      return () => {
        live = false;
      };
    }, []);
    // A chunk that cannot load is the route's crash, as React.lazy made it.
    if (failure) throw failure.error;
    return component ? createElement(component, props) : createElement(Spinner, LOADING);
  }

  const screen: LazyScreen<P> = Object.assign(Screen, {
    preload,
    prepare: (at: ScreenPrefetch) => {
      // The reads first: a prefetch kept in a module of its own (prefetchFrom) asks for it ahead
      // of the screen's chunks, which the browser host fetches a few at a time.
      options.prefetch?.(at);
      // The failure, if any, is shown by the screen's own render.
      preload().catch(() => undefined);
    },
  });
  const place = options.warm;
  if (place !== undefined) {
    warmScreens.push({ place, load: preload });
    const also = options.warmAlso;
    if (also) warmHeavy.push({ place, load: () => preload().then(also) });
  }
  return screen;
}

export function isLazyScreen(component: unknown): component is LazyScreen<never> {
  return (
    typeof component === 'function' &&
    'prepare' in component &&
    typeof (component as { prepare: unknown }).prepare === 'function'
  );
}

let warming = false;

/** How long a warm step waits for the console's reads to end before it looks again. */
const BUSY_RETRY_MS = 300;

/**
 * Runs `task` once the main thread is idle and `busy` says the console is not waiting for an
 * answer (where there is no idle callback: soon). An idle main thread is not enough: while an
 * operator's read is in flight the page is idle too, and a chunk fetched then competes with that
 * read for the host that serves both (issue 23: a warm-up under the equipment tab's call).
 */
function whenIdle(task: () => void, busy: () => boolean): void {
  const attempt = () => {
    if (busy()) setTimeout(() => whenIdle(task, busy), BUSY_RETRY_MS);
    else task();
  };
  if (typeof requestIdleCallback === 'function') requestIdleCallback(attempt);
  else setTimeout(attempt, 0);
}

/** How long the operator must have left the console alone before heavy code warms. */
export const HEAVY_QUIET_MS = 2000;

/**
 * How long since the operator last pressed a key or a pointer (or since the warm-up began): the
 * listeners are set once, with the warm-up, and passive.
 */
function quietSinceInput(): () => number {
  let last = performance.now();
  const note = () => (last = performance.now());
  if (typeof window !== 'undefined') {
    for (const type of ['pointerdown', 'keydown'] as const)
      window.addEventListener(type, note, { capture: true, passive: true });
  }
  return () => performance.now() - last;
}

/**
 * Loads the warm screens' code one at a time, each in an idle period, once per page life: called
 * when a signed-in screen has been drawn, so it never competes with the sign-in page or with the
 * screen the operator asked for. `busy` says whether the console waits for an answer now (its
 * query client's fetches): a step waits for it to say no. What the screens load themselves
 * (warmAlso) comes last, each once `quietFor` (by default: since the last key or pointer press)
 * reaches HEAVY_QUIET_MS.
 */
export function warmScreensWhenIdle(busy: () => boolean = () => false, quietFor?: () => number): void {
  if (warming) return;
  warming = true;
  const quiet = quietFor ?? quietSinceInput();
  const byPlace = (a: { place: number }, b: { place: number }) => a.place - b.place;
  const steps = [
    ...[...warmScreens].sort(byPlace).map(({ load }) => ({ load, heavy: false })),
    ...[...warmHeavy].sort(byPlace).map(({ load }) => ({ load, heavy: true })),
  ];
  const next = (i: number) => {
    const step = steps[i];
    if (!step) return;
    const run = () =>
      // A screen that cannot load now says so when it is opened; the others still warm.
      step.load().then(
        () => next(i + 1),
        () => next(i + 1),
      );
    if (!step.heavy) return whenIdle(run, busy);
    // Heavy code: the same, once the operator has been quiet long enough (looked at again then).
    const whenQuiet = () =>
      whenIdle(() => {
        const wait = HEAVY_QUIET_MS - quiet();
        if (wait > 0) setTimeout(whenQuiet, wait);
        else void run();
      }, busy);
    whenQuiet();
  };
  next(0);
}
