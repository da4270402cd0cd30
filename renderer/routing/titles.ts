import type { RouteDef } from '../../shared/routes.js';

/** The landing page carries the product's own title, as the spec asks. */
export const APP_TITLE_KEY = 'app.title';

/**
 * The page's heading. A backend that needs its first run shows the first-run card where the sign-in
 * form would be, and the page says so rather than "Sign in".
 */
export function headingKeyOf(route: RouteDef, firstRunNeeded = false): string {
  if (route.id === 'auth.login' && firstRunNeeded) return 'firstRun.title';
  return route.id === 'home' ? APP_TITLE_KEY : route.titleKey;
}

/** Window title: "page · game · 大数据后台", without repeating the product name on the landing page. */
export function documentTitle(heading: string, appTitle: string, gameName?: string): string {
  const parts = [heading, gameName, appTitle].filter((p): p is string => Boolean(p));
  return [...new Set(parts)].join(' · ');
}
