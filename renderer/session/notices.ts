import type { SessionEndReason } from '../../shared/ipc.js';
import type { SessionState } from '../../shared/session.js';

/**
 * The notices of this session shown under the top bar's bell. They come from main (where tokens
 * live, why a session ended, whether the embedded backend started) and from the session's own
 * times; nothing here is invented.
 */

/** Warn this long before the session (its refresh token) runs out. */
export const SESSION_ENDING_WARNING_MS = 10 * 60 * 1000;

export interface SessionEndEvent {
  reason: SessionEndReason;
  message: string;
  atMs: number;
}

export type Notice =
  | { id: string; kind: 'memoryTokens' }
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
  if (backendError) notices.push({ id: 'backend-error', kind: 'backendError', error: backendError });
  if (session?.tokenStorage === 'memory') notices.push({ id: 'memory-tokens', kind: 'memoryTokens' });
  if (session?.signedIn) {
    const endsAtMs = session.user.refreshExpireTime * 1000;
    if (endsAtMs > nowMs && endsAtMs - nowMs <= SESSION_ENDING_WARNING_MS) {
      notices.push({ id: 'session-ending', kind: 'sessionEnding', endsAtMs });
    }
  }
  // Newest first: the latest end is the one the operator is asking about.
  for (const e of [...ended].sort((a, b) => b.atMs - a.atMs)) {
    notices.push({
      id: `session-ended-${e.atMs}`,
      kind: 'sessionEnded',
      reason: e.reason,
      message: e.message,
      atMs: e.atMs,
    });
  }
  return notices;
}
