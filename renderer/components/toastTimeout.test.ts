import { describe, expect, it } from 'vitest';
import { TOAST_LONG_TIMEOUT_MS, TOAST_TIMEOUT_MS } from '../../shared/constants.js';
import { toastTimeout } from './toastTimeout.js';

describe('toast timeout', () => {
  it("keeps the spec's 1000 ms for a short confirmation", () => {
    expect(toastTimeout({ kind: 'success' })).toBe(TOAST_TIMEOUT_MS);
    expect(TOAST_TIMEOUT_MS).toBe(1000);
  });

  it('keeps a message with an id to copy on screen longer', () => {
    expect(toastTimeout({ kind: 'success', copy: 'BAN-42' })).toBe(TOAST_LONG_TIMEOUT_MS);
    expect(TOAST_LONG_TIMEOUT_MS).toBeGreaterThan(TOAST_TIMEOUT_MS);
  });

  it('keeps a failure until it is dismissed', () => {
    expect(toastTimeout({ kind: 'error' })).toBe(0);
  });

  it("keeps a result (a repair's count, an export's file name) until it is dismissed", () => {
    expect(toastTimeout({ kind: 'result' })).toBe(0);
  });

  it('treats an empty id as nothing to copy', () => {
    expect(toastTimeout({ kind: 'success', copy: '' })).toBe(TOAST_TIMEOUT_MS);
  });
});
