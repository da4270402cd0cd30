import { expect } from 'vitest';
import { Codes } from '../../shared/codes.js';
import type { TestBackend } from '../../tests/support/backends.js';
import type { AuditCases } from '../../tests/support/audit-case.js';
import { insertMaintenance, insertNotice, insertWatchedServer } from './test-kit.js';

/**
 * The audit cases of server watch and message notices, for server/audit/audit.test.ts (which
 * checks every audited endpoint has one): a call that succeeds, one that fails after sign-in, and
 * what before and after must hold.
 */

const db = (t: TestBackend) => t.backend.database.db;
const now = (t: TestBackend) => new Date(t.clock.now);
const made = new Map<string, { id: number; name: string; windowId?: number }>();
const MISSING = 987_654;

async function server(t: TestBackend, key: string, paused = false) {
  const name = `audit-${key}`;
  const id = await insertWatchedServer(db(t), now(t), name, { paused });
  made.set(key, { id, name });
  return { id, name, target: `${name} (${id})` };
}

const notice = (id: number, threshold = 1) =>
  `Secret Realm: online players below ${threshold} (notice ${id})`;

export const auditCases: AuditCases = {
  'serverWatch.save': {
    ok: async (t) => {
      const s = await server(t, 'save');
      return {
        input: {
          id: s.id,
          name: 'audit-saved',
          game: 'ymmj',
          check: { kind: 'tcp', host: '127.0.0.1', port: 9 },
          reason: 'renamed',
        },
        target: `audit-saved (${s.id})`,
        reason: 'renamed',
        game: 'ymmj',
      };
    },
    error: async () => ({
      input: { id: MISSING, name: 'ghost', game: 'ymmj', check: { kind: 'tcp', host: '127.0.0.1', port: 9 } },
      code: Codes.NOT_FOUND,
    }),
    check: (before, after) => {
      expect(before).toMatchObject({ name: 'audit-save', game: 'ymmj' });
      expect(after).toMatchObject({ name: 'audit-saved', check: { kind: 'tcp', port: 9 } });
    },
  },
  'serverWatch.delete': {
    ok: async (t) => {
      const s = await server(t, 'delete');
      return { input: { id: s.id, reason: 'retired' }, target: s.target, reason: 'retired', game: 'ymmj' };
    },
    error: async () => ({ input: { id: made.get('delete')?.id, reason: 'again' }, code: Codes.NOT_FOUND }),
    check: (before, after) => {
      expect(before).toMatchObject({ name: 'audit-delete' });
      expect(after).toBeNull();
    },
  },
  'serverWatch.pause': {
    ok: async (t) => {
      const s = await server(t, 'pause');
      return {
        input: { id: s.id, reason: 'moving racks' },
        target: s.target,
        reason: 'moving racks',
        game: 'ymmj',
      };
    },
    error: async () => ({ input: { id: made.get('pause')?.id, reason: 'again' }, code: Codes.CONFLICT }),
    check: (before, after) => {
      expect(before).toMatchObject({ paused: false });
      expect(after).toMatchObject({ paused: true, state: 'paused' });
    },
  },
  'serverWatch.resume': {
    ok: async (t) => {
      const s = await server(t, 'resume', true);
      return { input: { id: s.id, reason: 'back' }, target: s.target, reason: 'back', game: 'ymmj' };
    },
    error: async () => ({ input: { id: made.get('resume')?.id }, code: Codes.CONFLICT }),
    check: (before, after) => {
      expect(before).toMatchObject({ paused: true });
      expect(after).toMatchObject({ paused: false, state: 'unknown' });
    },
  },
  'serverWatch.addMaintenance': {
    ok: async (t) => {
      const s = await server(t, 'maintenance');
      return {
        input: {
          id: s.id,
          startsAt: now(t).toISOString(),
          endsAt: new Date(t.clock.now + 3_600_000).toISOString(),
          note: 'patch day',
        },
        target: s.target,
        reason: null,
        game: 'ymmj',
      };
    },
    error: async (t) => ({
      input: {
        id: MISSING,
        startsAt: now(t).toISOString(),
        endsAt: new Date(t.clock.now + 3_600_000).toISOString(),
      },
      code: Codes.NOT_FOUND,
    }),
    check: (before, after) => {
      expect(before).toBeNull();
      expect(after).toMatchObject({ note: 'patch day', createdBy: 'super' });
    },
  },
  'serverWatch.deleteMaintenance': {
    ok: async (t) => {
      const s = await server(t, 'window');
      const windowId = await insertMaintenance(db(t), s.id, now(t));
      made.set('window', { id: s.id, name: s.name, windowId });
      return {
        input: { id: s.id, windowId, reason: 'cancelled' },
        target: s.target,
        reason: 'cancelled',
        game: 'ymmj',
      };
    },
    error: async () => {
      const w = made.get('window');
      return { input: { id: w?.id, windowId: w?.windowId, reason: 'again' }, code: Codes.NOT_FOUND };
    },
    check: (before, after) => {
      expect(before).toMatchObject({ id: made.get('window')?.windowId });
      expect(after).toBeNull();
    },
  },
  'serverWatch.mute': {
    ok: async () => ({ input: { serverId: null }, target: 'all alerts', reason: null }),
    error: async () => ({ input: { serverId: MISSING }, code: Codes.NOT_FOUND }),
    check: (_before, after) => {
      expect(after).toMatchObject({ serverId: null, until: null });
    },
  },
  'serverWatch.unmute': {
    ok: async (t) => {
      const op = await db(t)
        .selectFrom('operators')
        .select('id')
        .where('name', '=', 'super')
        .executeTakeFirstOrThrow();
      await db(t).deleteFrom('server_watch_mutes').where('operator_id', '=', op.id).execute();
      await db(t)
        .insertInto('server_watch_mutes')
        .values({ operator_id: op.id, server_id: null, created_at: now(t), until: null })
        .execute();
      return { input: {}, target: 'all alerts', reason: null };
    },
    error: async () => ({ input: { serverId: MISSING }, code: Codes.NOT_FOUND }),
    check: (before, after) => {
      expect(before).toMatchObject({ serverId: null, until: null });
      expect(after).toBeNull();
    },
  },
  'notices.save': {
    ok: async (t) => {
      const id = await insertNotice(db(t), now(t));
      made.set('notice-save', { id, name: '' });
      return {
        input: { id, game: 'ymmj', kind: 'playersBelow', threshold: 5, reason: 'quieter nights' },
        target: notice(id, 5),
        reason: 'quieter nights',
        game: 'ymmj',
      };
    },
    error: async () => ({
      input: { id: MISSING, game: 'ymmj', kind: 'playersBelow', threshold: 5 },
      code: Codes.NOT_FOUND,
    }),
    check: (before, after) => {
      expect(before).toMatchObject({ threshold: 1 });
      expect(after).toMatchObject({ threshold: 5, state: 'unknown' });
    },
  },
  'notices.setEnabled': {
    ok: async (t) => {
      const id = await insertNotice(db(t), now(t));
      made.set('notice-enabled', { id, name: '' });
      return { input: { id, enabled: false }, target: notice(id), reason: null, game: 'ymmj' };
    },
    error: async () => ({
      input: { id: made.get('notice-enabled')?.id, enabled: false },
      code: Codes.CONFLICT,
    }),
    check: (before, after) => {
      expect(before).toMatchObject({ enabled: true });
      expect(after).toMatchObject({ enabled: false });
    },
  },
  'notices.delete': {
    ok: async (t) => {
      const id = await insertNotice(db(t), now(t));
      made.set('notice-delete', { id, name: '' });
      return { input: { id, reason: 'obsolete' }, target: notice(id), reason: 'obsolete', game: 'ymmj' };
    },
    error: async () => ({
      input: { id: made.get('notice-delete')?.id, reason: 'again' },
      code: Codes.NOT_FOUND,
    }),
    check: (before, after) => {
      expect(before).toMatchObject({ kind: 'playersBelow' });
      expect(after).toBeNull();
    },
  },
};
