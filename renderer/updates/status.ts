import type { UpdateState } from '../../shared/ipc.js';

/**
 * What to say about the updater, as a translation key and its values: one place for the About
 * box, the update dialog and the top bar, tested without a browser.
 */
export interface StatusText {
  key: string;
  values: Record<string, string | number>;
  intent: 'none' | 'primary' | 'success' | 'warning' | 'danger';
}

export function updateStatus(
  s: UpdateState,
  formatTime: (ms: number) => string,
  formatSize: (bytes: number) => string,
): StatusText {
  switch (s.phase) {
    case 'disabled':
      return { key: 'updates.status.disabled', values: { reason: s.disabledReason ?? '' }, intent: 'none' };
    case 'checking':
      return { key: 'updates.status.checking', values: {}, intent: 'primary' };
    case 'downloading':
      return {
        key: 'updates.status.downloading',
        values: {
          version: s.version ?? '',
          percent: Math.floor(s.progress?.percent ?? 0),
          transferred: formatSize(s.progress?.transferred ?? 0),
          total: formatSize(s.progress?.total ?? 0),
        },
        intent: 'primary',
      };
    case 'downloaded':
      return { key: 'updates.status.downloaded', values: { version: s.version ?? '' }, intent: 'success' };
    case 'error':
      return {
        key: s.error?.retryAt ? 'updates.status.errorRetry' : 'updates.status.error',
        values: {
          message: s.error?.message ?? '',
          time: s.error?.retryAt ? formatTime(s.error.retryAt) : '',
        },
        intent: s.error?.tampered ? 'danger' : 'warning',
      };
    case 'idle':
      return s.lastCheckAt
        ? { key: 'updates.status.upToDate', values: { time: formatTime(s.lastCheckAt) }, intent: 'none' }
        : { key: 'updates.status.notChecked', values: {}, intent: 'none' };
  }
}

/** Whether the top bar shows the updater at all, and how. */
export function topBarUpdate(s: UpdateState | null): 'restart' | 'downloading' | null {
  if (!s) return null;
  if (s.phase === 'downloaded') return 'restart';
  if (s.phase === 'downloading') return 'downloading';
  return null;
}
