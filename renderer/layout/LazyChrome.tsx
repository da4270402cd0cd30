import { lazy, Suspense, type ComponentProps } from 'react';
import { Spinner } from '@blueprintjs/core';
import type { Chrome } from './Chrome.js';

/**
 * The signed-in frame (top bar, side menu, palette, alerts...) loads on demand: the sign-in page,
 * the first thing every launch draws, does not carry its code. `preloadChrome` fetches it while
 * the operator types their password, so the frame is there when they are in.
 */
export const preloadChrome = () => import('./Chrome.js');

const ChromeFrame = lazy(async () => ({ default: (await preloadChrome()).Chrome }));

export function LazyChrome(props: ComponentProps<typeof Chrome>) {
  return (
    <Suspense fallback={<Spinner className="screen-loading" data-testid="chrome-loading" />}>
      <ChromeFrame {...props} />
    </Suspense>
  );
}
