import { describe, expect, it } from 'vitest';
import {
  EXPIRY_CHOICES,
  NEVER,
  localInputToIso,
  parseLocalInput,
  quickExpiry,
  resolveExpiry,
  toLocalInput,
  typedExpiry,
} from './expiry.js';

const NOW = new Date(2026, 4, 10, 9, 30, 15); // 10 May 2026 09:30:15, local time

describe('expiry quick choices', () => {
  it('fill the input with now plus 1, 7 or 30 days, to the minute', () => {
    expect(quickExpiry('1d', NOW)).toEqual({ choice: '1d', local: '2026-05-11T09:30' });
    expect(quickExpiry('7d', NOW)).toEqual({ choice: '7d', local: '2026-05-17T09:30' });
    expect(quickExpiry('30d', NOW)).toEqual({ choice: '30d', local: '2026-06-09T09:30' });
  });

  it('"never" empties the input and sends no expiry', () => {
    expect(quickExpiry('never', NOW)).toEqual(NEVER);
    expect(resolveExpiry(NEVER, NOW)).toEqual({ ok: true });
  });

  it('each resolves to a future ISO instant in UTC', () => {
    for (const c of EXPIRY_CHOICES.filter((x) => x !== 'never')) {
      const r = resolveExpiry(quickExpiry(c, NOW), NOW);
      expect(r.ok).toBe(true);
      if (r.ok) {
        expect(r.expiresAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
        expect(Date.parse(r.expiresAt ?? '')).toBeGreaterThan(NOW.getTime());
      }
    }
  });
});

describe('datetime-local text', () => {
  it('is read as local time and sent as the same instant with Z', () => {
    expect(localInputToIso('2030-01-02T03:04')).toBe(new Date(2030, 0, 2, 3, 4).toISOString());
    expect(localInputToIso('2030-01-02T03:04:05')).toBe(new Date(2030, 0, 2, 3, 4, 5).toISOString());
    expect(localInputToIso('2030-01-02T03:04')?.endsWith('Z')).toBe(true);
  });

  it('round-trips through toLocalInput', () => {
    const d = new Date(2031, 11, 31, 23, 59);
    expect(parseLocalInput(toLocalInput(d))?.getTime()).toBe(d.getTime());
  });

  it('refuses text that is not a real moment', () => {
    for (const bad of [
      '',
      '2030-02-31T10:00',
      '2030-13-01T10:00',
      '2030-01-01T24:00',
      '2030-01-01',
      'tomorrow',
    ]) {
      expect(localInputToIso(bad), bad).toBeNull();
    }
  });
});

describe('resolveExpiry', () => {
  it('takes a typed future moment', () => {
    const r = resolveExpiry(typedExpiry('2030-01-02T03:04'), NOW);
    expect(r).toEqual({ ok: true, expiresAt: new Date(2030, 0, 2, 3, 4).toISOString() });
  });

  it('refuses a moment in the past or now, as the server would', () => {
    expect(resolveExpiry(typedExpiry('2020-01-01T00:00'), NOW)).toEqual({ ok: false, problem: 'past' });
    expect(resolveExpiry(typedExpiry(toLocalInput(NOW)), NOW)).toEqual({ ok: false, problem: 'past' });
  });

  it('refuses a half-typed input instead of reading it as "never"', () => {
    expect(typedExpiry('', true)).toEqual({ choice: 'custom', local: '' });
    expect(resolveExpiry(typedExpiry('', true), NOW)).toEqual({ ok: false, problem: 'invalid' });
  });

  it('a cleared input means never', () => {
    expect(typedExpiry('')).toEqual(NEVER);
  });
});
