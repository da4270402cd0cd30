import type { SessionEndReason } from '../../shared/ipc.js';
import type { SessionState } from '../../shared/session.js';

/**
 * The notices shown under the top bar's bell. They come from main (where tokens live and why,
 * why a session ended, whether the embedded backend started) and from the session's own times;
 * nothing here is invented. Each id names the fact it reports, so a notice read once is known
 * again, and a new fact (another reason, another session) is a new notice.
 */

/** Warn this long before the session (its refresh token) runs out. */
export const SESSION_ENDING_WARNING_MS = 10 * 60 * 1000;

export interface SessionEndEvent {
  reason: SessionEndReason;
  message: string;
  atMs: number;
}

export type Notice =
  | { id: string; kind: 'tokenStorage'; storage: 'safeStorage' | 'memory'; reason: string | null }
  | { id: string; kind: 'sessionEnding'; endsAtMs: number }
  | { id: string; kind: 'sessionEnded'; reason: SessionEndReason; message: string; atMs: number }
  | { id: string; kind: 'backendError'; error: string };

export interface NoticeInputs {
  session: SessionState | null;
  ended: readonly SessionEndEvent[];
  backendError: string | null;
  nowMs: number;
}

export function deriveNotices({ session, ended, backendError, nowMs }: NoticeInputs): Notice[] {
  const notices: Notice[] = [];
  if (backendError)
    notices.push({ id: `backend-error:${backendError}`, kind: 'backendError', error: backendError });
  if (session && session.tokenStorage !== 'keychain') {
    const reason = session.tokenStorageReason ?? null;
    notices.push({
      id: `token-storage:${session.tokenStorage}:${reason ?? ''}`,
      kind: 'tokenStorage',
      storage: session.tokenStorage,
      reason,
    });
  }
  if (session?.signedIn) {
    const endsAtMs = session.user.refreshExpireTime * 1000;
    if (endsAtMs > nowMs && endsAtMs - nowMs <= SESSION_ENDING_WARNING_MS) {
      notices.push({ id: `session-ending:${endsAtMs}`, kind: 'sessionEnding', endsAtMs });
    }
  }
  // Newest first: the latest end is the one the operator is asking about.
  for (const e of [...ended].sort((a, b) => b.atMs - a.atMs)) {
    notices.push({
      id: `session-ended:${e.atMs}:${e.reason}`,
      kind: 'sessionEnded',
      reason: e.reason,
      message: e.message,
      atMs: e.atMs,
    });
  }
  return notices;
}

/** How many read notice ids are remembered: enough for every notice a session can show. */
export const READ_NOTICES_KEPT = 100;

/** The notices not read yet: what the bell counts. */
export function unreadNotices(notices: readonly Notice[], read: ReadonlySet<string>): Notice[] {
  return notices.filter((n) => !read.has(n.id));
}

/** The read ids after the operator has seen these notices, the oldest forgotten first. */
export function markRead(read: readonly string[], seen: readonly Notice[]): string[] {
  const added = seen.map((n) => n.id).filter((id) => !read.includes(id));
  if (added.length === 0) return [...read];
  return [...read, ...added].slice(-READ_NOTICES_KEPT);
}

/** Read ids as stored; anything else (a damaged or foreign value) counts as nothing read. */
export function parseReadNotices(raw: string | null): string[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}
