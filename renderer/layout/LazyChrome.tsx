import { lazy, Suspense, type ComponentProps, type LazyExoticComponent } from 'react';
import { Spinner } from '@blueprintjs/core';
import { useShell, type Shell } from '../shell/context.js';
import type { Chrome } from './Chrome.js';

/**
 * The signed-in frame (top bar, side menu, palette, alerts...) loads on demand: the sign-in page,
 * the first thing every launch draws, does not carry its code. `preloadChrome` fetches it and the
 * features' top-bar widgets side by side, while the operator types their password (LoginPage) or
 * as soon as the frame is asked for, so the frame is there whole when they are in.
 */
export const preloadChrome = (shell: Shell) =>
  Promise.all([import('./Chrome.js'), ...shell.topBar.map((w) => w.preload())]);

/**
 * The frame, drawn once it and its widgets have all loaded: a widget that came later could miss
 * what the operator does first (the keyboard's shortcuts are a widget). Made on first use, from
 * the app's shell, which is one for the app's life.
 */
let ChromeFrame: LazyExoticComponent<typeof Chrome> | null = null;
function frameOf(shell: Shell): LazyExoticComponent<typeof Chrome> {
  ChromeFrame ??= lazy(async () => ({ default: (await preloadChrome(shell))[0].Chrome }));
  return ChromeFrame;
}

export function LazyChrome(props: ComponentProps<typeof Chrome>) {
  const Frame = frameOf(useShell());
  return (
    <Suspense fallback={<Spinner className="screen-loading" data-testid="chrome-loading" />}>
      <Frame {...props} />
    </Suspense>
  );
}
