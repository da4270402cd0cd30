import type { CallerAuth, Endpoint } from '../../shared/api/endpoint.js';
import type { AuthInfo } from '../auth/sessions.js';
import type { HandlerContext, ServerDeps } from './context.js';

/**
 * Authenticators: how the endpoint layer learns who calls. An endpoint says how its caller
 * proves itself (shared/api/endpoint.ts `auth`, an operator by default); the feature that owns the
 * proof registers the authenticator (its server feature module's `authenticators`), so the
 * endpoint layer knows no feature's tokens or signatures.
 */

/** Proves the caller from the request's Authorization header, before its input is read. */
export interface HeaderAuthenticator {
  from: 'header';
  authenticate(authorization: string | undefined, deps: ServerDeps, now: Date): Promise<AuthInfo>;
}

/**
 * Proves the caller from the call's own input (a body it signed), once the input is valid and
 * before the handler runs, with the handler's context: the caller is no operator (a public call).
 */
export interface InputAuthenticator {
  from: 'input';
  verify(input: Readonly<Record<string, unknown>>, ctx: HandlerContext): Promise<void>;
}

export type Authenticator = HeaderAuthenticator | InputAuthenticator;
export type Authenticators = Partial<Record<CallerAuth, Authenticator>>;

/** How the caller of an endpoint authenticates; null for a public call that proves nothing. */
export function callerAuthOf(ep: Endpoint): CallerAuth | null {
  if (ep.auth) return ep.auth;
  return ep.access.kind === 'public' ? null : 'operator';
}

/** The features' authenticators in one map; a proof registered twice is a mistake at start. */
export function collectAuthenticators(
  features: readonly { id: string; authenticators?: Authenticators }[],
): Authenticators {
  const all: Authenticators = {};
  const owner = new Map<CallerAuth, string>();
  for (const f of features) {
    for (const [scheme, a] of Object.entries(f.authenticators ?? {}) as [CallerAuth, Authenticator][]) {
      const other = owner.get(scheme);
      if (other) throw new Error(`features ${other} and ${f.id} both register the ${scheme} authenticator`);
      owner.set(scheme, f.id);
      all[scheme] = a;
    }
  }
  return all;
}

/**
 * The authenticator an endpoint needs, checked when its route is registered: one is registered,
 * and it reads what the endpoint's access allows (a header for an operator's call, the input for a
 * public one), so a missing or misplaced proof stops the start rather than opening a route.
 */
export function authenticatorFor(id: string, ep: Endpoint, all: Authenticators): Authenticator | null {
  const scheme = callerAuthOf(ep);
  if (!scheme) return null;
  const a = all[scheme];
  if (!a)
    throw new Error(`endpoint ${id} authenticates its caller as ${scheme}, and no feature registers that`);
  const wanted = ep.access.kind === 'public' ? 'input' : 'header';
  if (a.from !== wanted) {
    throw new Error(
      `endpoint ${id}: the ${scheme} authenticator reads the ${a.from}, and a ${ep.access.kind} endpoint's proof is in the ${wanted}`,
    );
  }
  return a;
}
