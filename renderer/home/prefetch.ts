import { prefetchEndpoint } from '../kit/data.js';
import type { ScreenPrefetch } from '../kit/lazy.js';
import { BRIEF_INPUT } from './refresh.js';

/** The landing page's read, started with the navigation (with the same input the page reads). */
export function brief({ client }: ScreenPrefetch): void {
  prefetchEndpoint(client, 'overview.brief', BRIEF_INPUT);
}
