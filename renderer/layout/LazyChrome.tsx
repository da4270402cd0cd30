import { lazy, Suspense, useEffect, type ComponentProps } from 'react';
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

const ChromeFrame = lazy(async () => ({ default: (await import('./Chrome.js')).Chrome }));

export function LazyChrome(props: ComponentProps<typeof Chrome>) {
  const shell = useShell();
  useEffect(() => void preloadChrome(shell).catch(() => undefined), [shell]);
  return (
    <Suspense fallback={<Spinner className="screen-loading" data-testid="chrome-loading" />}>
      <ChromeFrame {...props} />
    </Suspense>
  );
}
