import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { TOKEN_ENTRIES } from './token-store.js';
import { createKeytarTokenStore, loadKeytar, openTokenStore, type KeytarApi } from './keychain.js';

/**
 * The keychain tests talk to a real Secret Service (gnome-keyring) over D-Bus. `npm test` starts
 * one when the machine has none; without a session bus they cannot run, which must fail CI loudly
 * rather than pass as "skipped".
 */
const bus = process.env['DBUS_SESSION_BUS_ADDRESS'];
const NO_BUS =
  'DBUS_SESSION_BUS_ADDRESS is not set, so there is no Secret Service to test the keychain against. ' +
  "Run the tests through `npm test` (it starts a D-Bus session with an unlocked gnome-keyring), or: dbus-run-session -- bash -c 'echo -n pass | gnome-keyring-daemon --unlock --components=secrets >/dev/null; npx vitest run --project unit main'";

if (!bus) {
  if (process.env['CI'] === 'true') {
    it('keychain round trip needs a Secret Service', () => {
      throw new Error(NO_BUS);
    });
  } else {
    console.warn(`[tests] skipping the keychain tests: ${NO_BUS}`);
  }
}

// A service name of its own, so the test never touches a developer's real console tokens.
const service = `GameOps Console test ${randomBytes(4).toString('hex')}`;

describe.skipIf(!bus)('KeytarTokenStore against the Secret Service', () => {
  afterAll(async () => {
    const keytar = await loadKeytar();
    for (const entry of TOKEN_ENTRIES) await keytar.deletePassword(service, entry);
  });

  it('keeps the three entries separately: set, get, delete', async () => {
    const store = createKeytarTokenStore(await loadKeytar(), service);
    expect(store.storage).toBe('keychain');
    const values = {
      token1: `access-${Date.now()}`,
      token2: 'refresh-✓',
      adminUser: '{"token":"p","expiredAt":1}',
    };
    for (const entry of TOKEN_ENTRIES) await store.set(entry, values[entry]);
    for (const entry of TOKEN_ENTRIES) expect(await store.get(entry)).toBe(values[entry]);

    await store.set('token1', 'access-rotated');
    expect(await store.get('token1')).toBe('access-rotated');
    expect(await store.get('token2')).toBe(values.token2);

    await store.delete('token2');
    expect(await store.get('token2')).toBeNull();
    expect(await store.get('adminUser')).toBe(values.adminUser);

    await store.clear();
    for (const entry of TOKEN_ENTRIES) expect(await store.get(entry)).toBeNull();
    // Deleting what is not there is not an error.
    await store.delete('token1');
  });

  it('files the entries under the service and the spec’s names, readable by keytar directly', async () => {
    const keytar = await loadKeytar();
    const store = createKeytarTokenStore(keytar, service);
    await store.set('token2', 'r-direct');
    expect(await keytar.getPassword(service, 'token2')).toBe('r-direct');
    await store.clear();
  });

  it('openTokenStore picks the keychain after a real round trip', async () => {
    const opened = await openTokenStore({ service });
    expect(opened.storage).toBe('keychain');
    expect(opened.fallbackReason).toBeNull();
    await opened.store.set('token1', 'x');
    expect(await opened.store.get('token1')).toBe('x');
    await opened.store.clear();
  });
});

describe('openTokenStore falls back to memory', () => {
  const failing = (overrides: Partial<KeytarApi>): KeytarApi => ({
    getPassword: async () => null,
    setPassword: async () => undefined,
    deletePassword: async () => true,
    ...overrides,
  });

  it('when keytar cannot be loaded', async () => {
    const opened = await openTokenStore({
      loadKeytar: async () => {
        throw new Error('libsecret-1.so.0: cannot open shared object file');
      },
    });
    expect(opened.storage).toBe('memory');
    expect(opened.store.storage).toBe('memory');
    expect(opened.fallbackReason).toMatch(/libsecret/);
  });

  it('when the keychain refuses to store (a locked collection)', async () => {
    const opened = await openTokenStore({
      loadKeytar: async () =>
        failing({
          setPassword: async () => {
            throw new Error('Cannot create an item in a locked collection');
          },
        }),
    });
    expect(opened.storage).toBe('memory');
    expect(opened.fallbackReason).toMatch(/locked collection/);
  });

  it('when the keychain does not give back what was stored', async () => {
    const opened = await openTokenStore({ loadKeytar: async () => failing({}) });
    expect(opened.storage).toBe('memory');
  });

  it('when the keychain never answers', async () => {
    const opened = await openTokenStore({
      probeTimeoutMs: 50,
      loadKeytar: async () => failing({ setPassword: () => new Promise<void>(() => undefined) }),
    });
    expect(opened.storage).toBe('memory');
    expect(opened.fallbackReason).toMatch(/no answer/);
  });

  it('when memory is asked for', async () => {
    expect((await openTokenStore({ preferMemory: true })).storage).toBe('memory');
  });

  it('and the memory store keeps the three entries apart', async () => {
    const { store } = await openTokenStore({ preferMemory: true });
    await store.set('token1', 'a');
    await store.set('token2', 'b');
    await store.set('adminUser', 'c');
    await store.delete('token1');
    expect([await store.get('token1'), await store.get('token2'), await store.get('adminUser')]).toEqual([
      null,
      'b',
      'c',
    ]);
    await store.clear();
    expect(await store.get('adminUser')).toBeNull();
  });
});
