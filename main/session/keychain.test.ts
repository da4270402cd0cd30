import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_ENTRIES } from './token-store.js';
import { createKeytarTokenStore, loadKeytar, openTokenStore, type KeytarApi } from './keychain.js';
import type { SafeStorageApi } from './safe-storage-store.js';

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

  it('and takes out the entries an earlier run left in the keychain, handing back their refresh token', async () => {
    const entries = new Map<string, string>([
      ['token1', 'A-old'],
      ['token2', 'R-old'],
      ['adminUser', '{"token":"P-old","expiredAt":1}'],
    ]);
    const opened = await openTokenStore({
      // The round trip fails (the probe's value does not come back), but reads and deletes work.
      loadKeytar: async () =>
        failing({
          getPassword: async (_s, account) => entries.get(account) ?? null,
          deletePassword: async (_s, account) => entries.delete(account),
        }),
    });
    expect(opened.storage).toBe('memory');
    expect(opened.orphanedRefreshToken).toBe('R-old');
    expect([...entries.keys()]).toEqual([]);
  });

  it('and hands back nothing when the keychain held no session', async () => {
    expect((await openTokenStore({ loadKeytar: async () => failing({}) })).orphanedRefreshToken).toBeNull();
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

/** A cipher like the OS's: AES-256-GCM under a key this "machine" keeps. */
function fakeCipher(
  overrides: Partial<SafeStorageApi> & { key?: Buffer } = {},
): SafeStorageApi & { key: Buffer } {
  const key = overrides.key ?? randomBytes(32);
  return {
    key,
    isEncryptionAvailable: () => true,
    encryptString(plain) {
      const iv = randomBytes(12);
      const c = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
      return Buffer.concat([iv, c.getAuthTag(), body]);
    },
    decryptString(encrypted) {
      const d = createDecipheriv('aes-256-gcm', key, encrypted.subarray(0, 12));
      d.setAuthTag(encrypted.subarray(12, 28));
      return Buffer.concat([d.update(encrypted.subarray(28)), d.final()]).toString('utf8');
    },
    ...overrides,
  };
}

const noKeytar = async (): Promise<KeytarApi> => {
  throw new Error("Cannot find module 'keytar'");
};

function workingKeytar(): KeytarApi & { services: Set<string> } {
  const values = new Map<string, string>();
  const services = new Set<string>();
  return {
    services,
    getPassword: async (s, a) => values.get(`${s}/${a}`) ?? null,
    setPassword: async (s, a, p) => {
      services.add(s);
      values.set(`${s}/${a}`, p);
    },
    deletePassword: async (s, a) => values.delete(`${s}/${a}`),
  };
}

describe('openTokenStore falls back to safeStorage before memory', () => {
  let dir: string;
  let file: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'gameops-tokens-'));
    file = join(dir, 'userData', 'tokens.enc');
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('keeps tokens in an encrypted, owner-only file when keytar is missing, and says why in both languages', async () => {
    const cipher = fakeCipher();
    const opened = await openTokenStore({ loadKeytar: noKeytar, safeStorage: cipher, tokenFile: file });
    expect(opened.storage).toBe('safeStorage');
    expect(opened.store.storage).toBe('safeStorage');
    expect(opened.reason?.en).toMatch(
      /system keychain is not available \(Cannot find module 'keytar'\).*encrypted with the operating system's key/,
    );
    expect(opened.reason?.['zh-CN']).toMatch(/系统钥匙串不可用.*操作系统的密钥加密/);

    await opened.store.set('token1', 'access-secret');
    await opened.store.set('token2', 'refresh-secret');
    const raw = await readFile(file);
    expect(raw.toString('latin1')).not.toMatch(/access-secret|refresh-secret|token1/);
    if (process.platform !== 'win32') expect((await stat(file)).mode & 0o777).toBe(0o600);
    // No temporary file is left beside it.
    expect(await readdir(dirname(file))).toEqual(['tokens.enc']);

    // A restart finds them again (same OS key).
    const again = await openTokenStore({
      loadKeytar: noKeytar,
      safeStorage: fakeCipher({ key: cipher.key }),
      tokenFile: file,
    });
    expect(await again.store.get('token2')).toBe('refresh-secret');
    await again.store.delete('token1');
    expect(await again.store.get('token1')).toBeNull();
    await again.store.clear();
    expect(await readdir(dirname(file))).toEqual([]);
  });

  it('writes atomically: a write that fails leaves the previous tokens whole', async () => {
    const cipher = fakeCipher();
    const { store } = await openTokenStore({ loadKeytar: noKeytar, safeStorage: cipher, tokenFile: file });
    await store.set('token2', 'R1');
    let failing = true;
    const flaky = fakeCipher({ key: cipher.key });
    const { store: second } = await openTokenStore({
      loadKeytar: noKeytar,
      safeStorage: {
        ...flaky,
        encryptString: (s) => {
          if (failing && s.includes('R2')) throw new Error('the OS key is locked');
          return flaky.encryptString(s);
        },
      },
      tokenFile: file,
    });
    await expect(second.set('token2', 'R2')).rejects.toThrow(/locked/);
    failing = false;
    expect(await readdir(dirname(file))).toEqual(['tokens.enc']);
    const reopened = await openTokenStore({
      loadKeytar: noKeytar,
      safeStorage: fakeCipher({ key: cipher.key }),
      tokenFile: file,
    });
    expect(await reopened.store.get('token2')).toBe('R1');
  });

  it('drops a file it cannot decrypt (another key) instead of failing to start', async () => {
    const { store } = await openTokenStore({
      loadKeytar: noKeytar,
      safeStorage: fakeCipher(),
      tokenFile: file,
    });
    await store.set('token2', 'R1');
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const other = await openTokenStore({ loadKeytar: noKeytar, safeStorage: fakeCipher(), tokenFile: file });
    expect(other.storage).toBe('safeStorage');
    expect(await other.store.get('token2')).toBeNull();
    expect(await readdir(dirname(file))).toEqual([]);
  });

  it('treats Linux’s basic_text store (a published key) as no protection: memory, and says why', async () => {
    const opened = await openTokenStore({
      loadKeytar: noKeytar,
      safeStorage: fakeCipher({ getSelectedStorageBackend: () => 'basic_text' }),
      tokenFile: file,
    });
    expect(opened.storage).toBe('memory');
    expect(opened.reason?.en).toMatch(/no secret store.*basic_text.*memory only/);
    expect(opened.reason?.['zh-CN']).toMatch(/仅保存在内存中/);
    await opened.store.set('token2', 'R1');
    expect(await readdir(dir)).toEqual([]);
  });

  it.each([
    ['encryption is not available', { isEncryptionAvailable: () => false }, /offers no encryption key/],
    [
      'encryption fails',
      {
        encryptString: () => {
          throw new Error('Error while encrypting the text provided');
        },
      },
      /Error while encrypting/,
    ],
  ] as const)('uses memory when %s', async (_what, overrides, reason) => {
    const opened = await openTokenStore({
      loadKeytar: noKeytar,
      safeStorage: fakeCipher(overrides),
      tokenFile: file,
    });
    expect(opened.storage).toBe('memory');
    expect(opened.reason?.en).toMatch(reason);
  });

  it('uses memory, saying so, where there is no safeStorage at all (plain Node)', async () => {
    const opened = await openTokenStore({ loadKeytar: noKeytar });
    expect(opened.storage).toBe('memory');
    expect(opened.reason?.en).toMatch(/not the desktop app/);
  });

  it('prefers a working keychain, with no reason to give, and removes tokens an earlier fallback left', async () => {
    const { store } = await openTokenStore({
      loadKeytar: noKeytar,
      safeStorage: fakeCipher(),
      tokenFile: file,
    });
    await store.set('token2', 'old');
    const keytar = workingKeytar();
    const opened = await openTokenStore({
      loadKeytar: async () => keytar,
      safeStorage: fakeCipher(),
      tokenFile: file,
    });
    expect(opened).toMatchObject({ storage: 'keychain', fallbackReason: null, reason: null });
    expect(await readdir(dirname(file))).toEqual([]);
  });

  it('explains memory when memory was asked for', async () => {
    const opened = await openTokenStore({ preferMemory: true });
    expect(opened.reason?.en).toMatch(/--keychain/);
    expect(opened.reason?.['zh-CN']).toMatch(/--keychain/);
  });
});
