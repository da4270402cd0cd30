import { describe, expect, it } from 'vitest';
import {
  deriveNotices,
  markRead,
  parseReadNotices,
  READ_NOTICES_KEPT,
  SESSION_ENDING_WARNING_MS,
  unreadNotices,
} from './notices.js';
import { GUEST_USER, type SessionState } from '../../shared/session.js';

const NOW = 1_700_000_000_000;
const state = (over: Partial<SessionState> = {}, refreshInMs = 3_600_000): SessionState => ({
  signedIn: true,
  tokenStorage: 'keychain',
  tokenStorageReason: null,
  user: { ...GUEST_USER, name: 'op', role: ['ADMIN'], refreshExpireTime: (NOW + refreshInMs) / 1000 },
  ...over,
});
const kinds = (n: ReturnType<typeof deriveNotices>) => n.map((x) => x.kind);
const only = (session: SessionState) => deriveNotices({ session, ended: [], backendError: null, nowMs: NOW });

describe('deriveNotices', () => {
  it('has nothing to say about a healthy session', () => {
    expect(only(state())).toEqual([]);
    expect(deriveNotices({ session: null, ended: [], backendError: null, nowMs: NOW })).toEqual([]);
  });

  it('says where tokens are kept when not in the keychain, and why, signed in or not', () => {
    const guest = state({
      signedIn: false,
      tokenStorage: 'memory',
      tokenStorageReason: 'no keychain here',
      user: GUEST_USER,
    });
    expect(only(guest)).toEqual([
      {
        id: 'token-storage:memory:no keychain here',
        kind: 'tokenStorage',
        storage: 'memory',
        reason: 'no keychain here',
      },
    ]);
    const file = only(state({ tokenStorage: 'safeStorage', tokenStorageReason: 'keytar failed' }));
    expect(file).toMatchObject([{ kind: 'tokenStorage', storage: 'safeStorage', reason: 'keytar failed' }]);
  });

  it('warns when the session is about to end, not before and not after', () => {
    const soon = state({}, SESSION_ENDING_WARNING_MS - 1);
    const endsAtMs = NOW + SESSION_ENDING_WARNING_MS - 1;
    expect(only(soon)).toEqual([{ id: `session-ending:${endsAtMs}`, kind: 'sessionEnding', endsAtMs }]);
    expect(only(state({}, SESSION_ENDING_WARNING_MS + 1))).toEqual([]);
    expect(only(state({}, -1))).toEqual([]);
  });

  it('lists ended sessions newest first, after a backend failure', () => {
    const notices = deriveNotices({
      session: state({ signedIn: false, user: GUEST_USER }),
      ended: [
        { reason: 'expired', message: 'first', atMs: 1 },
        { reason: 'revoked', message: 'second', atMs: 2 },
      ],
      backendError: 'port in use',
      nowMs: NOW,
    });
    expect(kinds(notices)).toEqual(['backendError', 'sessionEnded', 'sessionEnded']);
    expect(notices[1]).toMatchObject({ message: 'second', reason: 'revoked' });
  });
});

describe('read notices', () => {
  const memory = state({ tokenStorage: 'memory', tokenStorageReason: 'no keychain' });

  it('count only what was not seen yet: the token notice once read is not counted again', () => {
    const notices = only(memory);
    expect(unreadNotices(notices, new Set())).toHaveLength(1);
    const read = markRead([], notices);
    expect(unreadNotices(only(memory), new Set(read))).toEqual([]);
  });

  it('count a changed fact again: another reason, another session end', () => {
    const read = new Set(markRead([], only(memory)));
    const other = only(state({ tokenStorage: 'memory', tokenStorageReason: 'keychain locked' }));
    expect(unreadNotices(other, read)).toHaveLength(1);
    const ended = deriveNotices({
      session: memory,
      ended: [{ reason: 'expired', message: '', atMs: 5 }],
      backendError: null,
      nowMs: NOW,
    });
    expect(unreadNotices(ended, read).map((n) => n.kind)).toEqual(['sessionEnded']);
  });

  it('remember a bounded number of ids, forgetting the oldest', () => {
    let read: string[] = [];
    for (let i = 0; i < READ_NOTICES_KEPT + 5; i++) {
      read = markRead(read, [{ id: `backend-error:${i}`, kind: 'backendError', error: String(i) }]);
    }
    expect(read).toHaveLength(READ_NOTICES_KEPT);
    expect(read[0]).toBe('backend-error:5');
    expect(markRead(read, [])).toEqual(read);
  });

  it('read what was stored, and nothing from a damaged value', () => {
    expect(parseReadNotices(JSON.stringify(['a', 'b']))).toEqual(['a', 'b']);
    expect(parseReadNotices('{"a":1}')).toEqual([]);
    expect(parseReadNotices('not json')).toEqual([]);
    expect(parseReadNotices(JSON.stringify(['a', 3]))).toEqual(['a']);
    expect(parseReadNotices(null)).toEqual([]);
  });
});
