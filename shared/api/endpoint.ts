import { z } from 'zod';
import { issuesOf, type FieldIssue } from '../envelope.js';
import { textIssues } from './text.js';
import { LIST_PAGE_SIZE } from '../constants.js';
import type { Access } from '../roles.js';
import { withRequired } from '../roles.js';
import { GAME_IDS, GAMES, SERVICE_BASE_PATHS, type GameId, type ServiceName } from '../games.js';

/**
 * One backend call. The server registers its route from this, main's client calls by it, the
 * renderer gets typed results from it, and the OpenAPI document is generated from it.
 *
 * Input is one strict zod object holding the path params (`:name` in `path`), and then the query
 * string (GET) or the JSON body (every other method, DELETE included: a DELETE's reason is
 * operator text, which never travels in a URL, where access logs and proxies keep it). Query
 * values arrive as text, so GET inputs use `intParam` for numbers (decimal digits only).
 *
 * Every text anywhere in an input (path, query, body, keys too) passes one rule first,
 * `textIssues`: no NUL or other control characters but tab and newlines, and well-formed Unicode.
 *
 * `service: 'game'` marks a call that every game has on its own service: the registry gives the
 * service and path prefix, the input carries `game`, and the game's role joins `access`.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * How a caller proves who it is: `operator`, the console session's access token (every endpoint
 * that is not public, unless it says otherwise); `payServer`, a pay-server token (the payment
 * service accepts nothing else); `gameServer`, a game server's signature over the call's own input
 * (a public call: a game server is no operator and holds no role). The server runs the
 * authenticator a feature registers for it.
 */
export type CallerAuth = 'operator' | 'payServer' | 'gameServer';

export interface Endpoint<I extends z.ZodObject = z.ZodObject, O extends z.ZodType = z.ZodType> {
  service: ServiceName | 'game';
  method: HttpMethod;
  path: string;
  input: I;
  output: O;
  access: Access;
  /** How the caller authenticates, when not as an operator (see CallerAuth). */
  auth?: Exclude<CallerAuth, 'operator'>;
  summary: string;
  /**
   * Mutating calls are audited: the server records every call (its outcome, target, reason,
   * before and after) under the endpoint's own id, the one name of the capability in every layer.
   */
  audit?: true;
  /**
   * Exists only on the desktop app's embedded backend (started by main with a launch key, in
   * first-run mode); every other server refuses it with 40300. The OpenAPI document says so.
   */
  embeddedOnly?: true;
}

export function endpoint<I extends z.ZodObject, O extends z.ZodType>(def: Endpoint<I, O>): Endpoint<I, O> {
  return def;
}

/**
 * Names each entry of `record` under `prefix`, keeping each entry's type: `under('giftCodes',
 * { batches })` is `{ 'giftCodes.batches': batches }`. For families of endpoints made by one
 * function (and their handlers), so that no list spells out every name of every family.
 */
export function under<P extends string, T extends Record<string, unknown>>(
  prefix: P,
  record: T,
): { [K in keyof T & string as `${P}.${K}`]: T[K] } {
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [`${prefix}.${k}`, v])) as {
    [K in keyof T & string as `${P}.${K}`]: T[K];
  };
}

export function pathParams(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1] as string);
}

/** Whether the input (after the path params) travels in a JSON body: everything but GET. */
export function hasBody(method: HttpMethod): boolean {
  return method !== 'GET';
}

/** The service and path prefix of an endpoint, for one game when it is game-scoped. */
export function endpointTarget(ep: Endpoint, game?: GameId): { service: ServiceName; prefix: string } {
  if (ep.service !== 'game') return { service: ep.service, prefix: '' };
  if (!game) throw new Error('a game endpoint needs a game');
  return { service: GAMES[game].service, prefix: GAMES[game].apiPrefix };
}

/** Full path on the service host, with the service's base path: '/api/v1/sr/admin/login'. */
export function routePattern(ep: Endpoint, game?: GameId): string {
  const { service, prefix } = endpointTarget(ep, game);
  return `${SERVICE_BASE_PATHS[service]}${prefix}${ep.path}`;
}

/** The access rule for an endpoint, with the game's role when it is game-scoped. */
export function endpointAccess(ep: Endpoint, game?: GameId): Access {
  // A public game call (a game server's, signed by it) stays public: it has no operator to hold a role.
  if (ep.access.kind === 'public') return ep.access;
  return ep.service === 'game' && game ? withRequired(ep.access, GAMES[game].role) : ep.access;
}

export interface PlannedRequest {
  service: ServiceName;
  method: HttpMethod;
  /** Path after the service base URL, params filled and encoded, query string appended. */
  path: string;
  body?: Record<string, unknown>;
}

/**
 * Splits a validated input into path, query and body, for main's HTTP client. The service base
 * URL (a setting) already contains the service's base path, so the path returned here starts
 * after it.
 */
export function planRequest(ep: Endpoint, input: Record<string, unknown>): PlannedRequest {
  const game = ep.service === 'game' ? (input['game'] as GameId) : undefined;
  const { service, prefix } = endpointTarget(ep, game);
  const rest: Record<string, unknown> = { ...input };
  if (game) delete rest['game'];
  const filled = ep.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const v = rest[name];
    delete rest[name];
    if (v === undefined || v === null) throw new Error(`missing path param ${name}`);
    return encodeURIComponent(String(v));
  });
  const path = `${prefix}${filled}`;
  if (hasBody(ep.method)) return { service, method: ep.method, path, body: rest };
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(rest)) {
    if (v === undefined || v === null) continue;
    if (Array.isArray(v)) for (const item of v) qs.append(k, String(item));
    else qs.append(k, String(v));
  }
  const q = qs.toString();
  return { service, method: ep.method, path: q ? `${path}?${q}` : path };
}

/**
 * The `game` field of a game-scoped call that only some games have: the games that have the page
 * (its rule, from the feature's pages module). The server registers the call for exactly these
 * games, and main refuses any other game before sending, so both read the same list.
 */
export function gameWithPage(page: { games?: readonly GameId[] }) {
  return gameEnum(page.games ?? GAME_IDS);
}

/** A `game` field limited to some games (say, those with an equipment tab). */
export function gameEnum(ids: readonly GameId[]) {
  const [first, ...rest] = ids;
  if (!first) throw new Error('a game field needs at least one game');
  return z.enum([first, ...rest]);
}

/** The games a game-scoped endpoint exists for (from its `game` input), or [] for a plain one. */
export function gamesOf(ep: Endpoint): GameId[] {
  if (ep.service !== 'game') return [];
  const field = ep.input.shape['game'];
  if (field instanceof z.ZodEnum) {
    const options = field.options as readonly unknown[];
    return GAME_IDS.filter((g) => options.includes(g));
  }
  return [...GAME_IDS];
}

/**
 * A whole number that may arrive as query text: a JSON number, or decimal digits and nothing else
 * (no sign, spaces, hex, exponent or empty text, all of which a plain coercion would accept).
 */
export function intParam(opts: { min: number; max?: number; message?: string }) {
  const message = opts.message ?? `a whole number of at least ${opts.min}`;
  let num = z.number({ error: message }).int(message).min(opts.min, message);
  if (opts.max !== undefined) num = num.max(opts.max, `at most ${opts.max}`);
  return z.union(
    [
      num,
      z
        .string()
        .regex(/^[0-9]{1,15}$/, message)
        .transform(Number)
        .pipe(num),
    ],
    {
      error: message,
    },
  );
}

/** Paging shared by list endpoints. */
export const pageInput = {
  page: intParam({ min: 1, message: 'a page number is a positive whole number' }).default(1),
  pageSize: intParam({ min: 1, max: 200, message: 'a page size is a positive whole number' }).default(
    LIST_PAGE_SIZE,
  ),
};

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}

/** A reason is required for every destructive action and lands in the audit log. */
export const reasonSchema = z.string().trim().min(2, 'give a reason of at least 2 characters').max(500);

export type ParsedInput =
  { success: true; data: Record<string, unknown> } | { success: false; issues: FieldIssue[] };

/**
 * An endpoint's input checked as the server and main both check it: the text rule over every
 * string first (so no field can forget it), then the endpoint's schema. `error` localises zod's
 * own messages (the server answers in the caller's language).
 */
export function parseEndpointInput(ep: Endpoint, raw: unknown, error?: z.core.$ZodErrorMap): ParsedInput {
  const bad = textIssues(raw);
  if (bad.length > 0) return { success: false, issues: bad };
  const res = ep.input.safeParse(raw, error ? { error } : undefined);
  if (!res.success) return { success: false, issues: issuesOf(res.error) };
  return { success: true, data: res.data as Record<string, unknown> };
}
