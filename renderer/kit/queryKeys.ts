import { ENDPOINTS, type EndpointId, type InputOf } from '../../shared/api/table.js';

/**
 * Query keys derived from the endpoint table, so that every screen names a read the same way and
 * a change can say what it makes stale without knowing which screens show it.
 *
 * A key is `[capability, scope, endpointId, input]`: the capability is the endpoint id's first part
 * ('bannedHeroes' of 'bannedHeroes.list'), the scope is `{ game }` for a game's call and `{}`
 * otherwise. TanStack Query matches filters against keys by prefix and objects partially, so
 * `['bannedHeroes', { game: 'lw' }]` reaches every hero-ban read of lw, whatever its filters.
 */

export type CapabilityOf<K extends string> = K extends `${infer C}.${string}` ? C : never;
export type Capability = CapabilityOf<EndpointId>;

export type Scope = { game: string } | Record<string, never>;
export type EndpointQueryKey = readonly [Capability, Scope, EndpointId, Record<string, unknown>];
/** A prefix of query keys, for invalidating or dropping a set of reads. */
export type QueryKeyFilter = readonly unknown[];

export function capabilityOf<K extends EndpointId>(id: K): CapabilityOf<K> {
  return id.slice(0, id.indexOf('.')) as CapabilityOf<K>;
}

/**
 * The input as it is sent: absent and empty-text values dropped, so a filter left empty and a
 * filter not given are one read, not two.
 */
export function presentInput(input: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined && v !== ''));
}

function gameOf(id: EndpointId, input: Record<string, unknown>): string | null {
  const game = input['game'];
  return ENDPOINTS[id].service === 'game' && typeof game === 'string' ? game : null;
}

function scopeOf(game: string | null): Scope {
  return game === null ? {} : { game };
}

export function queryKeyOf<K extends EndpointId>(id: K, input: InputOf<K>): EndpointQueryKey {
  const sent = presentInput(input);
  return [capabilityOf(id), scopeOf(gameOf(id, sent)), id, sent];
}

/**
 * Every read of one endpoint whose input holds `partial` (all reads of it when empty), within the
 * game of `partial` when it names one.
 */
export function endpointFilter<K extends EndpointId>(
  id: K,
  partial: Partial<InputOf<K>> = {},
): QueryKeyFilter {
  const sent = presentInput(partial);
  return [capabilityOf(id), scopeOf(gameOf(id, sent)), id, sent];
}

/**
 * What a change through `mutationId` makes stale: every read of its own capability and of each
 * capability in `invalidates`, limited to the change's game when it has one (a ban in lw leaves
 * the other games' lists alone).
 */
export function invalidationFilters<K extends EndpointId>(
  mutationId: K,
  input: InputOf<K>,
  invalidates: readonly Capability[] = [],
): QueryKeyFilter[] {
  const game = gameOf(mutationId, presentInput(input));
  const capabilities = [...new Set<Capability>([capabilityOf(mutationId), ...invalidates])];
  return capabilities.map((c) => (game === null ? [c] : [c, { game }]));
}

/** The input fields an endpoint takes (its schema's keys). */
function fieldsOf(id: EndpointId): string[] {
  return Object.keys(ENDPOINTS[id].input.shape);
}

/**
 * Reads of `forgets` about the same target as the change, to drop rather than refetch (a deleted
 * operator's own page would only fetch "not found"): the target is the input fields the change
 * and the read share, the reason aside.
 */
export function forgetFilters<K extends EndpointId>(
  _mutationId: K,
  input: InputOf<K>,
  forgets: readonly EndpointId[],
): QueryKeyFilter[] {
  const sent = presentInput(input);
  return forgets.map((id) => {
    const shared = fieldsOf(id).filter((f) => f !== 'reason' && f in sent);
    const partial = Object.fromEntries(shared.map((f) => [f, sent[f]]));
    return [capabilityOf(id), scopeOf(gameOf(id, partial)), id, partial];
  });
}
