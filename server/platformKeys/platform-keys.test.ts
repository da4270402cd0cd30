import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformKey } from '../../shared/api/platformKeys.js';
import { ENDPOINTS, type EndpointId } from '../../shared/api/table.js';
import { Codes } from '../../shared/codes.js';
import { backendKinds, startTestBackend, type TestBackend } from '../../tests/support/backends.js';
import { expectSortedBothWays } from '../../tests/support/sorting.js';
import { open, seal } from '../platform/seal.js';
import {
  NO_SECRETS_KEY,
  SECRETS_KEY_FILE,
  keyFromDataDir,
  parseKeyText,
  resolveSecretsKey,
  secretsKeyOf,
} from '../platform/secrets-key.js';

/**
 * Game-platform keys over HTTP on both databases: secrets sealed at rest, masked in every list
 * and audit entry, revealed only to a SUPER with a reason, never written to the server's log; and
 * the sealing key's rules (where it comes from, what happens without one).
 */

type Who = 'super' | 'admin' | 'ymmj' | 'guest' | 'service';
const WHO: readonly Who[] = ['super', 'admin', 'ymmj', 'guest', 'service'];

interface KeyPage {
  items: PlatformKey[];
  total: number;
  secretsKey: string;
}

const SECRET = 'steam-web-api-0123456789ABCDEF';

describe.each(backendKinds())('platform keys on %s', (kind) => {
  let t: TestBackend;
  const logged: string[] = [];
  const tokens = new Map<Who, string>();
  const db = () => t.backend.database.db;

  beforeAll(async () => {
    // Every line the server logs, at the most talkative level, to look for secrets in.
    t = await startTestBackend(kind, {
      logger: { level: 'trace', stream: { write: (line: string) => void logged.push(line) } },
    });
    for (const who of WHO) tokens.set(who, (await t.api.login(who)).authToken);
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = <T = unknown>(id: EndpointId, input: Record<string, unknown>, who: Who) =>
    t.api.call<T>(ENDPOINTS[id], input, tokens.get(who));
  async function ok<T>(id: EndpointId, input: Record<string, unknown>, who: Who = 'admin'): Promise<T> {
    const r = await call<T>(id, input, who);
    expect(r.body.Status, `${id} ${JSON.stringify(input)}`).toEqual({ Code: Codes.OK });
    return r.body.Data;
  }
  async function fails(id: EndpointId, input: Record<string, unknown>, code: number, who: Who = 'admin') {
    const r = await call(id, input, who);
    expect(r.body.Status.Code, `${id}: ${r.body.Status.Message ?? ''}`).toBe(code);
    return r.body.Status.Message ?? '';
  }
  const create = (name: string, secret = SECRET, who: Who = 'admin', game = 'ymmj') =>
    ok<PlatformKey>(
      'platformKeys.create',
      { game, name, platform: 'steamWebApi', secret, note: 'for tests' },
      who,
    );

  it('stores a secret sealed, lists it masked, and reveals it only to a SUPER with a reason', async () => {
    const key = await create('Steam Web API');
    expect(key.secretMask).toBe(`••••••••${SECRET.slice(-4)}`);
    expect(JSON.stringify(key)).not.toContain(SECRET);

    const row = await db()
      .selectFrom('platform_keys')
      .selectAll()
      .where('id', '=', key.id)
      .executeTakeFirstOrThrow();
    expect(row.secret_sealed).toMatch(/^v1\./);
    expect(row.secret_sealed).not.toContain(SECRET);
    expect(JSON.stringify(row)).not.toContain(SECRET.slice(0, 12));

    const page = await ok<KeyPage>('platformKeys.list', { game: 'ymmj' });
    expect(page.items.map((k) => k.name)).toContain('Steam Web API');
    expect(JSON.stringify(page)).not.toContain(SECRET);
    expect(page.secretsKey).toBe(kind === 'postgres' ? 'given' : 'memory');

    await fails(
      'platformKeys.reveal',
      { game: 'ymmj', keyId: key.id, reason: 'rotate it' },
      Codes.FORBIDDEN,
      'admin',
    );
    await fails('platformKeys.reveal', { game: 'ymmj', keyId: key.id }, Codes.VALIDATION, 'super');
    const shown = await ok<{ id: number; secret: string }>(
      'platformKeys.reveal',
      { game: 'ymmj', keyId: key.id, reason: 'copy to the new build server' },
      'super',
    );
    expect(shown).toEqual({ id: key.id, secret: SECRET });

    const entry = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'platformKeys.reveal')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ operator: 'super', reason: 'copy to the new build server' });
    expect(JSON.stringify(entry)).not.toContain(SECRET);
  });

  it('sorts keys by name, creation or change both ways; equal times keep one order across pages; an unknown column is refused', async () => {
    for (const name of ['sortkey c', 'sortkey a', 'sortkey d', 'sortkey b'])
      await create(name, SECRET, 'admin', 'lw');
    const read = (f: Record<string, unknown>) =>
      ok<KeyPage>('platformKeys.list', { game: 'lw', q: 'sortkey', ...f });
    const every = (f: Record<string, unknown>) =>
      ok<KeyPage>('platformKeys.all', { q: 'sortkey', ...f }, 'super');
    expect((await read({})).total).toBe(4);
    for (const list of [read, every]) {
      await expectSortedBothWays(
        list,
        'name',
        (k) => k.name,
        (k) => k.id,
      );
      await expectSortedBothWays(
        list,
        'createdAt',
        (k) => k.createdAt,
        (k) => k.id,
      );
      await expectSortedBothWays(
        list,
        'updatedAt',
        (k) => k.updatedAt,
        (k) => k.id,
      );
    }
    await fails('platformKeys.list', { game: 'lw', sort: 'secret' }, Codes.VALIDATION);
    await fails('platformKeys.all', { sort: 'name', order: 'random' }, Codes.VALIDATION, 'super');
  });

  it('masks short secrets completely', async () => {
    const key = await create('Short one', 'abcdefgh12');
    expect(key.secretMask).toBe('••••••••');
  });

  it('refuses a second key of the same name in a game, whatever its case, but not in another game', async () => {
    await create('Publisher Key');
    const msg = await fails(
      'platformKeys.create',
      { game: 'ymmj', name: 'publisher key', platform: 'steamPublisher', secret: SECRET },
      Codes.CONFLICT,
    );
    expect(msg).toContain('Publisher Key');
    await create('Publisher Key', SECRET, 'admin', 'lw');
  });

  it('updates the name, note and secret; the old secret is gone and the audit says it was replaced', async () => {
    const key = await create('Rotating');
    t.clock.advance(60);
    const NEW = 'second-secret-value-9876543210';
    const updated = await ok<PlatformKey>('platformKeys.update', {
      game: 'ymmj',
      keyId: key.id,
      name: 'Rotated',
      secret: NEW,
      reason: 'quarterly rotation',
    });
    expect(updated).toMatchObject({ name: 'Rotated', secretMask: `••••••••${NEW.slice(-4)}` });
    expect(updated.secretSetAt > key.secretSetAt).toBe(true);
    const shown = await ok<{ secret: string }>(
      'platformKeys.reveal',
      { game: 'ymmj', keyId: key.id, reason: 'check the rotation' },
      'super',
    );
    expect(shown.secret).toBe(NEW);

    // A rename alone leaves the secret and its date.
    t.clock.advance(60);
    const renamed = await ok<PlatformKey>('platformKeys.update', {
      game: 'ymmj',
      keyId: key.id,
      note: 'build server',
      reason: 'note',
    });
    expect(renamed.secretSetAt).toBe(updated.secretSetAt);

    const entry = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'platformKeys.update')
      .where('reason', '=', 'quarterly rotation')
      .executeTakeFirstOrThrow();
    expect(entry.after).toMatchObject({ secretReplaced: true });
    expect(JSON.stringify(entry)).not.toContain(NEW);
    expect(JSON.stringify(entry)).not.toContain(SECRET);

    await fails('platformKeys.update', { game: 'ymmj', keyId: key.id, reason: 'nothing' }, Codes.VALIDATION);
    await create('Taken');
    await fails(
      'platformKeys.update',
      { game: 'ymmj', keyId: key.id, name: 'TAKEN', reason: 'fix it' },
      Codes.CONFLICT,
    );
  });

  it('deletes a key for good; a deleted or unknown key is 40400, never a crash', async () => {
    const key = await create('Short-lived');
    await ok('platformKeys.delete', { game: 'ymmj', keyId: key.id, reason: 'no longer used' });
    await fails('platformKeys.delete', { game: 'ymmj', keyId: key.id, reason: 'again' }, Codes.NOT_FOUND);
    await fails(
      'platformKeys.reveal',
      { game: 'ymmj', keyId: key.id, reason: 'look' },
      Codes.NOT_FOUND,
      'super',
    );
    await fails(
      'platformKeys.update',
      { game: 'ymmj', keyId: 999999, note: 'x', reason: 'fix it' },
      Codes.NOT_FOUND,
    );
    // A key of another game is not found through this game.
    const lw = await create('Only in lw', SECRET, 'admin', 'lw');
    await fails('platformKeys.delete', { game: 'ymmj', keyId: lw.id, reason: 'wrong game' }, Codes.NOT_FOUND);
  });

  it('validates input with clear messages', async () => {
    const short = await fails(
      'platformKeys.create',
      {
        game: 'ymmj',
        name: 'Too short',
        platform: 'epic',
        secret: 'abc',
      },
      Codes.VALIDATION,
    );
    expect(short).toMatch(/at least 8/);
    await fails(
      'platformKeys.create',
      { game: 'ymmj', name: 'x', platform: 'epic', secret: SECRET },
      Codes.VALIDATION,
    );
    await fails(
      'platformKeys.create',
      { game: 'ymmj', name: 'Bad', platform: 'itch', secret: SECRET },
      Codes.VALIDATION,
    );
    await fails('platformKeys.list', { game: 'ymmj', pageSize: 0 }, Codes.VALIDATION);
  });

  it("lets a SUPER see every game's keys, a game admin only the games they run", async () => {
    await create('Everywhere', SECRET, 'admin', 'atomicwar');
    const all = await ok<KeyPage>('platformKeys.all', {}, 'super');
    expect(new Set(all.items.map((k) => k.game))).toEqual(new Set(['ymmj', 'lw', 'atomicwar']));
    const onlyLw = await ok<KeyPage>('platformKeys.all', { game: 'lw' }, 'super');
    expect(onlyLw.items.every((k) => k.game === 'lw')).toBe(true);
    const byNote = await ok<KeyPage>('platformKeys.all', { q: 'FOR TESTS' }, 'super');
    expect(byNote.total).toBeGreaterThan(0);
    await fails('platformKeys.all', {}, Codes.FORBIDDEN, 'admin');
    await fails('platformKeys.list', { game: 'ymmj' }, Codes.FORBIDDEN, 'guest');
    await fails('platformKeys.list', { game: 'lw' }, Codes.FORBIDDEN, 'ymmj');
    await ok('platformKeys.list', { game: 'ymmj' }, 'ymmj');
  });

  it('refuses to open a sealed value that was changed or copied onto another key', async () => {
    const a = await create('Tampered');
    const b = await create('Copied onto');
    const rowA = await db()
      .selectFrom('platform_keys')
      .selectAll()
      .where('id', '=', a.id)
      .executeTakeFirstOrThrow();
    await db()
      .updateTable('platform_keys')
      .set({ secret_sealed: rowA.secret_sealed })
      .where('id', '=', b.id)
      .execute();
    const copied = await fails(
      'platformKeys.reveal',
      { game: 'ymmj', keyId: b.id, reason: 'look' },
      Codes.INTERNAL,
      'super',
    );
    expect(copied).toMatch(/does not open/);
    const flipped = rowA.secret_sealed.slice(0, -2) + (rowA.secret_sealed.endsWith('A') ? 'BB' : 'AA');
    await db().updateTable('platform_keys').set({ secret_sealed: flipped }).where('id', '=', a.id).execute();
    await fails(
      'platformKeys.reveal',
      { game: 'ymmj', keyId: a.id, reason: 'look' },
      Codes.INTERNAL,
      'super',
    );
    // A secret sealed under another server key is named as such.
    await db()
      .updateTable('platform_keys')
      .set({ secret_key_id: '0000000000000000' })
      .where('id', '=', a.id)
      .execute();
    const other = await fails(
      'platformKeys.reveal',
      { game: 'ymmj', keyId: a.id, reason: 'look' },
      Codes.UNAVAILABLE,
      'super',
    );
    expect(other).toMatch(/another server key/);
  });

  it('never writes a secret to the server log', () => {
    expect(logged.length).toBeGreaterThan(0);
    const all = logged.join('\n');
    expect(all).not.toContain(SECRET);
    expect(all).not.toContain('second-secret-value');
  });
});

describe('platform keys without a sealing key', () => {
  let t: TestBackend;
  const logged: { level: number; msg: string }[] = [];
  beforeAll(async () => {
    t = await startTestBackend('pglite', {
      secretsKey: NO_SECRETS_KEY,
      logger: {
        level: 'info',
        stream: { write: (line: string) => void logged.push(JSON.parse(line) as (typeof logged)[number]) },
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists (saying the key is missing) but refuses to store, and says how to give it one', async () => {
    const token = (await t.api.login('admin')).authToken;
    const list = await t.api.call<KeyPage>(ENDPOINTS['platformKeys.list'], { game: 'ymmj' }, token);
    expect(list.body.Data.secretsKey).toBe('missing');
    const r = await t.api.call(
      ENDPOINTS['platformKeys.create'],
      { game: 'ymmj', name: 'No key', platform: 'other', secret: SECRET },
      token,
    );
    expect(r.body.Status.Code).toBe(Codes.UNAVAILABLE);
    expect(r.body.Status.Message).toMatch(/GAMEOPS_SECRETS_KEY/);
  });

  it('says so once in its log at start, and in /health', async () => {
    const told = logged.filter((l) => /no key to encrypt stored secrets.*GAMEOPS_SECRETS_KEY/.test(l.msg));
    // Warned at start, however many calls were refused since.
    expect(told.map((l) => l.level)).toEqual([40]);
    const health = await t.api.request<{ secretsKey: { available: boolean; message?: string } }>(
      'GET',
      '/health',
    );
    expect(health.body.Data.secretsKey).toEqual({
      available: false,
      message: expect.stringMatching(/Set GAMEOPS_SECRETS_KEY .*restart it/) as unknown,
    });
  });
});

describe('the sealing key', () => {
  it('seals and opens, bound to what the secret belongs to', () => {
    const key = Buffer.alloc(32, 7);
    const sealed = seal(key, 'hello secret', 'game|1');
    expect(open(key, sealed, 'game|1')).toBe('hello secret');
    expect(() => open(key, sealed, 'game|2')).toThrow();
    expect(() => open(Buffer.alloc(32, 8), sealed, 'game|1')).toThrow();
    expect(() => open(key, 'plain text', 'game|1')).toThrow(/known version/);
    // Two seals of one secret differ (a fresh IV each time).
    expect(seal(key, 'hello secret', 'game|1')).not.toBe(sealed);
  });

  it('reads 64 hex digits or base64, and says what it wants otherwise', () => {
    expect(parseKeyText('ab'.repeat(32), 'X')).toHaveLength(32);
    expect(parseKeyText(Buffer.alloc(32, 1).toString('base64'), 'X')).toHaveLength(32);
    expect(() => parseKeyText('too short', 'GAMEOPS_SECRETS_KEY')).toThrow(
      /GAMEOPS_SECRETS_KEY must hold a 32-byte key/,
    );
  });

  it('comes from the environment first, then the data folder (made once, owner-only), else memory', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gameops-keys-'));
    try {
      const env = { GAMEOPS_SECRETS_KEY: 'cd'.repeat(32) };
      expect(resolveSecretsKey({ kind: 'pglite', dataDir: dir, env })).toMatchObject({ source: 'env' });
      expect(resolveSecretsKey({ kind: 'postgres', env: {} })).toEqual(NO_SECRETS_KEY);
      expect(resolveSecretsKey({ kind: 'pglite', env: {} })).toMatchObject({ source: 'memory' });

      const first = resolveSecretsKey({ kind: 'pglite', dataDir: dir, env: {} });
      const again = resolveSecretsKey({ kind: 'pglite', dataDir: dir, env: {} });
      expect(first).toMatchObject({ source: 'file' });
      if (!first.available || !again.available) throw new Error('no key');
      expect(again.id).toBe(first.id);
      const file = join(dir, SECRETS_KEY_FILE);
      if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(readFileSync(file, 'utf8').trim()).toHaveLength(44);

      writeFileSync(file, 'not a key');
      expect(() => keyFromDataDir(dir)).toThrow(/32-byte key/);
      expect(() => secretsKeyOf(Buffer.alloc(16), 'given')).toThrow(/32 bytes/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
