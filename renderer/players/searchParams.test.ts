import { describe, expect, it } from 'vitest';
import {
  checkDraft,
  hasKeys,
  parseSearch,
  searchParamsOf,
  withPage,
  withoutRegistered,
} from './searchParams.js';
import { zoneDayStart } from '../../shared/days.js';

const params = (s: string) => new URLSearchParams(s);

describe('player search params', () => {
  it('reads the keys that are given, trimmed', () => {
    const p = parseSearch(params('name=%20Drag%20&id=7656119&num=42&page=3'));
    expect(p.keys).toEqual({ name: 'Drag', id: '7656119', num: 42 });
    expect(p.page).toBe(3);
    expect(p.problems).toEqual([]);
  });

  it('means "newest accounts" when no key is given', () => {
    const p = parseSearch(params(''));
    expect(p.keys).toEqual({});
    expect(hasKeys(p.keys)).toBe(false);
    expect(p.page).toBe(1);
  });

  it('names what is wrong and never sends a bad field', () => {
    expect(checkDraft({ name: '', id: '12a', num: '' })).toEqual({ keys: {}, problems: ['idNotDigits'] });
    expect(checkDraft({ name: '', id: '1'.repeat(21), num: '' }).problems).toEqual(['idTooLong']);
    expect(checkDraft({ name: '', id: '', num: '0' }).problems).toEqual(['numNotPositive']);
    expect(checkDraft({ name: '', id: '', num: '-3' }).problems).toEqual(['numNotPositive']);
    expect(checkDraft({ name: '', id: '', num: '1.5' }).problems).toEqual(['numNotPositive']);
    expect(checkDraft({ name: '', id: '', num: '99999999999999999999' }).problems).toEqual([
      'numNotPositive',
    ]);
    expect(checkDraft({ name: 'x'.repeat(65), id: '', num: '' }).problems).toEqual(['nameTooLong']);
    const mixed = checkDraft({ name: 'ok', id: 'abc', num: '5' });
    expect(mixed.keys).toEqual({ name: 'ok', num: 5 });
    expect(mixed.problems).toEqual(['idNotDigits']);
  });

  it('treats a bad page as the first', () => {
    for (const bad of ['page=0', 'page=-2', 'page=x', '']) expect(parseSearch(params(bad)).page).toBe(1);
    expect(parseSearch(params('page=7')).page).toBe(7);
  });

  it('writes a submitted search back to page 1 and drops empty fields', () => {
    const next = searchParamsOf({ name: ' ann ', id: '', num: '12' }, params('id=9&page=4'));
    expect(next.toString()).toBe('name=ann&num=12');
    expect(withPage(next, 2).get('page')).toBe('2');
    expect(withPage(params('page=2&name=a'), 1).toString()).toBe('name=a');
  });

  it("reads a report's registration day as the instants of that day in the studio's zone", () => {
    const p = parseSearch(params('registered=2026-11-20&zone=Asia/Shanghai&name=ab'));
    expect(p.keys).toEqual({
      name: 'ab',
      registeredFrom: '2026-11-19T16:00:00.000Z',
      registeredTo: '2026-11-20T16:00:00.000Z',
    });
    expect(hasKeys(parseSearch(params('registered=2026-11-20&zone=UTC')).keys)).toBe(true);
    // A day of 23 hours: Berlin moves its clocks on 2026-03-29.
    expect(zoneDayStart('2026-03-29', 'Europe/Berlin')?.toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(zoneDayStart('2026-03-30', 'Europe/Berlin')?.toISOString()).toBe('2026-03-29T22:00:00.000Z');
    for (const bad of [
      'registered=2026-02-30&zone=UTC',
      'registered=20-11-2026',
      'registered=2026-11-20&zone=Mars/Base',
    ]) {
      const r = parseSearch(params(bad));
      expect(r.registered, bad).toBe('invalid');
      expect(r.keys.registeredFrom, bad).toBeUndefined();
    }
    expect(withoutRegistered(params('registered=2026-11-20&zone=UTC&name=x&page=3')).toString()).toBe(
      'name=x',
    );
  });

  it("reads a cohort cell's day of sign-in after the registration day, in the same zone", () => {
    const p = parseSearch(params('registered=2026-11-20&active=2026-11-27&zone=Asia/Shanghai'));
    expect(p.keys).toEqual({
      registeredFrom: '2026-11-19T16:00:00.000Z',
      registeredTo: '2026-11-20T16:00:00.000Z',
      activeFrom: '2026-11-26T16:00:00.000Z',
      activeTo: '2026-11-27T16:00:00.000Z',
    });
    expect(p.registered).toMatchObject({ day: '2026-11-20', active: { day: '2026-11-27' } });
    for (const bad of [
      'registered=2026-11-20&active=2026-11-31&zone=UTC',
      'registered=2026-11-20&active=2026-11-19&zone=UTC',
    ]) {
      const r = parseSearch(params(bad));
      expect(r.registered, bad).toBe('invalid');
      expect(r.keys.activeFrom, bad).toBeUndefined();
    }
    expect(
      withoutRegistered(params('registered=2026-11-20&active=2026-11-21&zone=UTC&name=x')).toString(),
    ).toBe('name=x');
  });
});
