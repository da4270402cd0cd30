import { describe, expect, it } from 'vitest';
import type { UpdateState } from '../../shared/ipc.js';
import { formatBytes } from '../components/format.js';
import { topBarUpdate, updateStatus } from './status.js';

const base: UpdateState = {
  phase: 'idle',
  disabledReason: null,
  channel: 'stable',
  feed: 'https://u.example/',
  currentVersion: '1.0.0',
  version: null,
  releaseName: null,
  releaseNotes: null,
  releaseDate: null,
  progress: null,
  lastCheckAt: null,
  nextCheckAt: null,
  error: null,
};
const time = (ms: number) => `T${ms}`;
const size = (bytes: number) => formatBytes(bytes, 'en');

describe('what the window says about updates', () => {
  it('names each phase, with its figures', () => {
    expect(updateStatus(base, time, size)).toMatchObject({ key: 'updates.status.notChecked' });
    expect(updateStatus({ ...base, lastCheckAt: 5 }, time, size)).toEqual({
      key: 'updates.status.upToDate',
      values: { time: 'T5' },
      intent: 'none',
    });
    expect(
      updateStatus({ ...base, phase: 'disabled', disabledReason: 'no feed' }, time, size).values,
    ).toEqual({
      reason: 'no feed',
    });
    expect(
      updateStatus(
        {
          ...base,
          phase: 'downloading',
          version: '1.1.0',
          progress: {
            percent: 41.7,
            transferred: 12.3 * 1024 * 1024,
            total: 30 * 1024 * 1024,
            bytesPerSecond: 1,
          },
        },
        time,
        size,
      ).values,
    ).toEqual({ version: '1.1.0', percent: 41, transferred: '12.30 MB', total: '30.00 MB' });
    expect(updateStatus({ ...base, phase: 'downloaded', version: '1.1.0' }, time, size)).toMatchObject({
      key: 'updates.status.downloaded',
      intent: 'success',
    });
  });

  it('says a tampered download loudly, and when it tries again', () => {
    const error = { message: 'checksum', tampered: true, at: 1, retryAt: 9 };
    expect(updateStatus({ ...base, phase: 'error', error }, time, size)).toEqual({
      key: 'updates.status.errorRetry',
      values: { message: 'checksum', time: 'T9' },
      intent: 'danger',
    });
    expect(
      updateStatus(
        { ...base, phase: 'error', error: { ...error, tampered: false, retryAt: null } },
        time,
        size,
      ),
    ).toMatchObject({
      key: 'updates.status.error',
      intent: 'warning',
    });
  });

  it('shows the top bar’s button only while downloading or once ready', () => {
    expect(topBarUpdate(null)).toBeNull();
    expect(topBarUpdate(base)).toBeNull();
    expect(topBarUpdate({ ...base, phase: 'error' })).toBeNull();
    expect(topBarUpdate({ ...base, phase: 'downloading' })).toBe('downloading');
    expect(topBarUpdate({ ...base, phase: 'downloaded' })).toBe('restart');
  });
});
