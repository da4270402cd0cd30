import { describe, expect, it } from 'vitest';
import { deriveNotices, SESSION_ENDING_WARNING_MS } from './notices.js';
import { GUEST_USER, type SessionState } from '../../shared/session.js';

const NOW = 1_700_000_000_000;
const state = (over: Partial<SessionState> = {}, refreshInMs = 3_600_000): SessionState => ({
  signedIn: true,
  tokenStorage: 'keychain',
  user: { ...GUEST_USER, name: 'op', role: ['ADMIN'], refreshExpireTime: (NOW + refreshInMs) / 1000 },
  ...over,
});
const kinds = (n: ReturnType<typeof deriveNotices>) => n.map((x) => x.kind);

describe('deriveNotices', () => {
  it('has nothing to say about a healthy session', () => {
    expect(deriveNotices({ session: state(), ended: [], backendError: null, nowMs: NOW })).toEqual([]);
    expect(deriveNotices({ session: null, ended: [], backendError: null, nowMs: NOW })).toEqual([]);
  });

  it('says when tokens are kept in memory only, signed in or not', () => {
    const guest = state({ signedIn: false, tokenStorage: 'memory', user: GUEST_USER });
    expect(kinds(deriveNotices({ session: guest, ended: [], backendError: null, nowMs: NOW }))).toEqual([
      'memoryTokens',
    ]);
  });

  it('warns when the session is about to end, not before and not after', () => {
    const soon = state({}, SESSION_ENDING_WARNING_MS - 1);
    expect(deriveNotices({ session: soon, ended: [], backendError: null, nowMs: NOW })).toEqual([
      { id: 'session-ending', kind: 'sessionEnding', endsAtMs: NOW + SESSION_ENDING_WARNING_MS - 1 },
    ]);
    const later = state({}, SESSION_ENDING_WARNING_MS + 1);
    expect(deriveNotices({ session: later, ended: [], backendError: null, nowMs: NOW })).toEqual([]);
    const past = state({}, -1);
    expect(deriveNotices({ session: past, ended: [], backendError: null, nowMs: NOW })).toEqual([]);
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
