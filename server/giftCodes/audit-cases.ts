import { expect } from 'vitest';
import { type CodeKind, KIND_CAPABILITY } from '../../shared/api/giftCodes.js';
import { ENDPOINTS, type EndpointId } from '../../shared/api/table.js';
import { Codes } from '../../shared/codes.js';
import type { GameId } from '../../shared/games.js';
import type { AuditCase, AuditCases } from '../../tests/support/audit-case.js';
import type { TestBackend } from '../../tests/support/backends.js';

/** The audit cases of activation codes and shop tickets, for server/audit/audit.test.ts; no entry holds the codes of a batch. */

const GAME: GameId = 'ymmj';
const MISSING = 987_654;

function createInput(t: TestBackend, kind: CodeKind, name: string): Record<string, unknown> {
  return {
    game: GAME,
    name,
    count: 2,
    prefix: 'AD',
    channel: 'audit',
    grant:
      kind === 'activeCode'
        ? { kind: 'items', rewards: [{ itemId: 20001, count: 1 }] }
        : { kind: 'shopItem', shopItemId: 21001, price: 100 },
    validFrom: new Date(t.clock.now - 3_600_000).toISOString(),
    validUntil: new Date(t.clock.now + 86_400_000).toISOString(),
    usesPerCode: 1,
    usesPerPlayer: 1,
    reason: 'audit case',
  };
}

async function batch(
  t: TestBackend,
  token: string,
  kind: CodeKind,
  name: string,
): Promise<{ id: number; code: string }> {
  const root = KIND_CAPABILITY[kind];
  const r = await t.api.call(ENDPOINTS[`${root}.create`], createInput(t, kind, name), token);
  if (r.body.Status.Code !== Codes.OK) throw new Error(JSON.stringify(r.body.Status));
  const id = (r.body.Data as { id: number }).id;
  const codes = await t.api.call(ENDPOINTS[`${root}.codes`], { game: GAME, batchId: id }, token);
  const code = (codes.body.Data as { items: { code: string }[] }).items[0]?.code;
  if (!code) throw new Error(`batch ${id} has no codes`);
  return { id, code };
}

function casesOf(kind: CodeKind): Record<string, AuditCase> {
  const root = KIND_CAPABILITY[kind];
  const id = (name: string) => `${root}.${name}` as EndpointId;
  return {
    [id('create')]: {
      ok: async (t) => ({
        input: createInput(t, kind, `Audit ${kind}`),
        target: `Audit ${kind}`,
        reason: 'audit case',
        game: GAME,
      }),
      error: async (t) => ({
        input: {
          ...createInput(t, kind, 'Audit bad'),
          validUntil: new Date(t.clock.now - 7_200_000).toISOString(),
        },
        code: Codes.VALIDATION,
      }),
      check: (before, after) => {
        expect(before).toBeNull();
        expect(after).toMatchObject({ name: `Audit ${kind}`, kind, total: 2, state: 'active' });
      },
    },
    [id('export')]: {
      ok: async (t, token) => {
        const b = await batch(t, token, kind, `Audit export ${kind}`);
        return {
          input: { game: GAME, batchId: b.id, reason: 'for the partner' },
          target: `Audit export ${kind} (#${b.id})`,
          reason: 'for the partner',
          game: GAME,
        };
      },
      error: async () => ({ input: { game: GAME, batchId: MISSING, reason: 'x1' }, code: Codes.NOT_FOUND }),
      check: (before, after) => {
        expect(before).toMatchObject({ name: `Audit export ${kind}` });
        expect(after).toMatchObject({ exported: true, rows: 2 });
        expect(JSON.stringify(after)).not.toMatch(/AD[0-9A-Z]{12}/);
      },
    },
    [id('setBatchEnabled')]: {
      ok: async (t, token) => {
        const b = await batch(t, token, kind, `Audit switch ${kind}`);
        return {
          input: { game: GAME, batchId: b.id, enabled: false, reason: 'leaked' },
          target: `Audit switch ${kind} (#${b.id})`,
          reason: 'leaked',
          game: GAME,
        };
      },
      error: async () => ({
        input: { game: GAME, batchId: MISSING, enabled: false, reason: 'leaked' },
        code: Codes.NOT_FOUND,
      }),
      check: (before, after) => {
        expect(before).toMatchObject({ enabled: true, state: 'active' });
        expect(after).toMatchObject({ enabled: false, state: 'disabled' });
      },
    },
    [id('setCodeEnabled')]: {
      ok: async (t, token) => {
        const b = await batch(t, token, kind, `Audit code ${kind}`);
        return {
          input: { game: GAME, code: b.code, enabled: false, reason: 'stolen' },
          target: b.code,
          reason: 'stolen',
          game: GAME,
        };
      },
      error: async () => ({
        input: { game: GAME, code: 'XXXXXXXXXXXX', enabled: false, reason: 'stolen' },
        code: Codes.NOT_FOUND,
      }),
      check: (before, after) => {
        expect(before).toMatchObject({ enabled: true, state: 'unused' });
        expect(after).toMatchObject({ enabled: false, state: 'disabled' });
      },
    },
  };
}

export const auditCases: AuditCases = {
  ...casesOf('activeCode'),
  ...casesOf('shopTicket'),
};
