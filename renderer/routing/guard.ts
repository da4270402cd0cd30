import { canAccess } from '../../shared/roles.js';
import { ERROR_401_PATH, LANDING_PATH, LOGIN_PATH, ROUTES, type RouteDef } from '../../shared/routes.js';
import { isSessionValid, type SessionUser } from '../../shared/session.js';

/**
 * Who may see which page, decided from the route table alone. The route components only act on
 * the decision, so the redirects (login with the asked page kept, 401 for a wrong role, back to
 * the asked page after sign-in) are tested here without a browser.
 */

export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: string };

export interface GuardSession {
  signedIn: boolean;
  user: SessionUser;
}

/** Query parameter that carries the asked page through sign-in. */
export const NEXT_PARAM = 'next';
/** Set on the login URL when the session ended by itself, so the page can say why. */
export const EXPIRED_PARAM = 'expired';
/** Carries the refused page to the 401 page, which names it and the roles it needs. */
export const REFUSED_PARAM = 'page';

function segments(path: string): string[] {
  return path.split('/').filter((s) => s.length > 0);
}

/** The route a path belongs to; static segments win over parameters, as in react-router. */
export function matchRoute(pathname: string, routes: readonly RouteDef[] = ROUTES): RouteDef | undefined {
  const parts = segments(pathname);
  let best: { route: RouteDef; score: number } | undefined;
  for (const route of routes) {
    const pattern = segments(route.path);
    if (pattern.length !== parts.length) continue;
    let score = 0;
    const fits = pattern.every((seg, i) => {
      const part = parts[i] as string;
      if (seg.startsWith(':')) return part.length > 0;
      score += 1;
      return seg === part;
    });
    if (fits && (!best || score > best.score)) best = { route, score };
  }
  return best?.route;
}

export function isSignedIn(session: GuardSession, nowMs: number): boolean {
  return session.signedIn && isSessionValid(session.user, nowMs);
}

/**
 * Where to go after sign-in: the asked page when it is one of ours (never another site, never
 * back into /auth), otherwise the landing page.
 */
export function safeNext(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return LANDING_PATH;
  const pathname = next.split(/[?#]/)[0] ?? '';
  const route = matchRoute(pathname);
  if (!route || route.layout === 'auth') return LANDING_PATH;
  return next;
}

export function loginPathFor(askedPath: string | null, expired = false): string {
  const params = new URLSearchParams();
  if (askedPath && safeNext(askedPath) === askedPath && askedPath !== LANDING_PATH) {
    params.set(NEXT_PARAM, askedPath);
  }
  if (expired) params.set(EXPIRED_PARAM, '1');
  const q = params.toString();
  return q ? `${LOGIN_PATH}?${q}` : LOGIN_PATH;
}

/** The 401 page for a refused page (path plus query), so it can say what was refused. */
export function refusedPathFor(askedPath: string): string {
  const pathname = askedPath.split(/[?#]/)[0] ?? '';
  if (!matchRoute(pathname)) return ERROR_401_PATH;
  return `${ERROR_401_PATH}?${new URLSearchParams({ [REFUSED_PARAM]: askedPath }).toString()}`;
}

/**
 * The route a 401 page's parameter names, when it is one of ours; anything else (typed by hand,
 * another site) names nothing.
 */
export function refusedRoute(param: string | null): RouteDef | undefined {
  if (!param || !param.startsWith('/') || param.startsWith('//')) return undefined;
  const route = matchRoute(param.split(/[?#]/)[0] ?? '');
  return route && route.layout === 'main' ? route : undefined;
}

/**
 * @param askedPath the page asked for, path plus query, kept for after sign-in
 * @param nextParam the login page's own `next` parameter, when the route is the login page
 */
export function decideRoute(
  route: RouteDef,
  session: GuardSession,
  askedPath: string,
  nowMs: number,
  nextParam: string | null = null,
): GuardDecision {
  const signedIn = isSignedIn(session, nowMs);
  if (route.path === LOGIN_PATH) {
    return signedIn ? { kind: 'redirect', to: safeNext(nextParam) } : { kind: 'allow' };
  }
  if (route.access.kind === 'public') return { kind: 'allow' };
  if (!signedIn) return { kind: 'redirect', to: loginPathFor(askedPath) };
  if (!canAccess(session.user.role, route.access)) return { kind: 'redirect', to: refusedPathFor(askedPath) };
  return { kind: 'allow' };
}
