import { describe, expect, it } from 'vitest';
import { gamesOf, pathParams } from '../../shared/api/endpoint.js';
import { moderationEndpoints } from '../../shared/api/moderation.js';
import { ENDPOINTS, type EndpointId } from '../../shared/api/table.js';
import { Codes } from '../../shared/codes.js';
import { GAME_IDS, type GameId } from '../../shared/games.js';
import { backendKinds } from '../../tests/support/backends.js';
import { useKit } from '../../tests/support/api-kit.js';

/**
 * Who may call moderation: ADMIN with the game's role (SUPER always); Service, whose player
 * pages are read-only, may not; special users and testing players do not exist for atomicwar.
 */

const IDS = Object.keys(moderationEndpoints) as EndpointId[];

/** Enough input to reach the role check (which comes before validation). */
function inputFor(id: EndpointId, game: GameId): Record<string, unknown> {
  const input: Record<string, unknown> = { game };
  for (const p of pathParams(ENDPOINTS[id].path)) input[p] = 1;
  return input;
}

describe.each(backendKinds())('moderation access on %s', (kind) => {
  const k = useKit(kind);

  it('refuses Service and guests on every endpoint of every game, and callers who are not signed in', async () => {
    for (const id of IDS) {
      for (const game of gamesOf(ENDPOINTS[id])) {
        const input = inputFor(id, game);
        await k.fails(id, input, Codes.FORBIDDEN, 'service');
        await k.fails(id, input, Codes.FORBIDDEN, 'guest');
        expect((await k.t.api.call(ENDPOINTS[id], input)).body.Status.Code).toBe(Codes.UNAUTHENTICATED);
      }
    }
    // Refusals of audited calls are recorded with who tried.
    expect(await k.lastAudit('testingPlayers.refund')).toMatchObject({
      operator: 'guest',
      outcome: 'error',
      code: Codes.FORBIDDEN,
    });
  });

  it("lets a game's admin act in that game only", async () => {
    for (const id of IDS) {
      const games = gamesOf(ENDPOINTS[id]);
      if (games.includes('lw')) await k.fails(id, inputFor(id, 'lw'), Codes.FORBIDDEN, 'ymmj');
      if (ENDPOINTS[id].method === 'GET') await k.ok(id, inputFor(id, 'ymmj'), 'ymmj');
    }
    const entry = await k.ok<{ id: number; operator: string }>(
      'blacklist.create',
      { game: 'ymmj', kind: 'ip', value: '192.0.2.200', reason: 'Scanner' },
      'ymmj',
    );
    expect(entry.operator).toBe('ymmj');
    expect(await k.lastAudit('blacklist.create')).toMatchObject({
      operator: 'ymmj',
      game: 'ymmj',
      outcome: 'ok',
    });
    await k.ok('blacklist.delete', { game: 'ymmj', entryId: entry.id, reason: 'Done' }, 'ymmj');
  });

  it('has no special users or testing players for atomicwar', async () => {
    const absent = IDS.filter((id) => id.startsWith('specialUsers.') || id.startsWith('testingPlayers.'));
    expect(absent).toHaveLength(6);
    for (const id of absent) {
      expect(gamesOf(ENDPOINTS[id])).toEqual(GAME_IDS.filter((g) => g !== 'atomicwar'));
      const r = await k.call(id, inputFor(id, 'atomicwar'));
      expect(r.status).toBe(404);
      expect(r.body.Status.Code).toBe(Codes.ROUTE_NOT_FOUND);
    }
    for (const id of IDS.filter((i) => !absent.includes(i) && ENDPOINTS[i].method === 'GET')) {
      await k.ok(id, { game: 'atomicwar' });
    }
  });
});
