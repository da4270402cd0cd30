export const ROLES = [
  'SUPER',
  'ADMIN',
  'Service',
  'GUEST',
  'AtomicWAR',
  'YMMJ',
  'LORDWAR',
  'PARTYGAME',
  'Developer',
] as const;

export type Role = (typeof ROLES)[number];

/**
 * Who may open a route or call an endpoint. The same value drives the side menu, the renderer's
 * guard and the server's RBAC, so the three cannot disagree.
 *
 * - `public`: no sign-in (login, refresh).
 * - `signedIn`: any signed-in operator (to-do, session, logout).
 * - otherwise the operator needs one of `anyOf`, and every role of `allOf` (a game page needs
 *   its game's role on top of ADMIN or Service).
 *
 * SUPER passes every check: the spec gives SUPER the base admin group, and a super-admin who
 * cannot open a game page would have to hand themselves every game role to do their job.
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'signedIn' }
  | { kind: 'roles'; anyOf: readonly Role[]; allOf?: readonly Role[] };

export const PUBLIC: Access = { kind: 'public' };
export const SIGNED_IN: Access = { kind: 'signedIn' };

export function anyOf(...roles: Role[]): Access {
  return { kind: 'roles', anyOf: roles };
}

/**
 * The rules of spec section 6, by name. Every endpoint and page states its own rule with one of
 * these; none borrows another page's, so changing who may open a page never changes who may call
 * something else.
 */
/** Most game and admin pages and every game action. */
export const ADMIN_ONLY: Access = anyOf('ADMIN');
/** Player lists and detail, top100 and season leaderboards, match statistics. */
export const ADMIN_OR_SERVICE: Access = anyOf('ADMIN', 'Service');
/** The base admin group (the spec's menu gives it to SUPER). */
export const SUPER_ONLY: Access = anyOf('SUPER');

/** Adds a required role (a game's) to an access rule. */
export function withRequired(access: Access, role: Role): Access {
  // "No role restriction" inside a game still needs the game's role: any role plus the game's.
  if (access.kind !== 'roles') return { kind: 'roles', anyOf: ROLES, allOf: [role] };
  return { ...access, allOf: [...(access.allOf ?? []), role] };
}

export function canAccess(roles: readonly string[], access: Access, signedIn = true): boolean {
  if (access.kind === 'public') return true;
  if (!signedIn) return false;
  if (access.kind === 'signedIn') return true;
  if (roles.includes('SUPER')) return true;
  const all = access.allOf ?? [];
  return all.every((r) => roles.includes(r)) && access.anyOf.some((r) => roles.includes(r));
}

export function describeAccess(access: Access): string {
  if (access.kind === 'public') return 'public';
  if (access.kind === 'signedIn') return 'any signed-in operator';
  const any = access.anyOf.join(' or ');
  const all = access.allOf?.length ? ` and ${access.allOf.join(' and ')}` : '';
  return `${any}${all} (SUPER always)`;
}
