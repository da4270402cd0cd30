import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { ENDPOINTS } from '../../shared/api/table.js';
import { localDayStart } from '../kit/dates.js';
import { clearPatch, filterInput, isReversed, readFilters } from '../kit/filters.js';
import { applyPatch } from '../kit/listParams.js';
import { auditLogFilters } from './auditFilters.js';

const params = (s: string) => new URLSearchParams(s);
const PHONE = '13800000001';
const t = ((key: string) => key) as unknown as TFunction;
const filters = auditLogFilters({ t, lang: 'en' });
const sent = (query: string) => filterInput(readFilters(params(query), filters), filters);

describe('audit log filters', () => {
  it('read kind, game and days from the URL, dropping what is not one of them', () => {
    expect(
      readFilters(params('logKind=sessions&logGame=lw&logFrom=2026-05-01&logTo=2026-05-31'), filters),
    ).toEqual({ kind: 'sessions', game: 'lw', from: '2026-05-01', to: '2026-05-31' });
    expect(sent('logKind=logins&logGame=chess&logFrom=2026-02-31&logTo=yesterday')).toEqual({});
  });

  it('send local days as instants, the last day included', () => {
    const input = sent('logKind=actions&logGame=ymmj&logFrom=2026-05-01&logTo=2026-05-01');
    expect(input).toEqual({
      kind: 'actions',
      game: 'ymmj',
      from: new Date(2026, 4, 1).toISOString(),
      to: new Date(2026, 4, 2).toISOString(),
    });
    // What the list sends is what the endpoint takes.
    expect(
      ENDPOINTS['users.logs'].input.safeParse({ phone: PHONE, ...input, page: 2, pageSize: 20 }).success,
    ).toBe(true);
  });

  it('roll the end over a month and a year', () => {
    expect(sent('logTo=2026-12-31')).toEqual({ to: new Date(2027, 0, 1).toISOString() });
  });

  it('say a range that ends before it starts instead of sending it', () => {
    expect(isReversed(sent('logFrom=2026-05-02&logTo=2026-05-01'))).toBe(true);
  });

  it('clear every filter and go back to the first page', () => {
    const next = applyPatch(
      params('logKind=actions&logGame=lw&logFrom=2026-05-01&logPage=3&x=1'),
      clearPatch(filters),
      'logPage',
    );
    expect(next.toString()).toBe('x=1');
  });

  it('refuse days that do not exist', () => {
    expect(localDayStart('2026-02-29')).toBeNull();
    expect(localDayStart('2028-02-29')).not.toBeNull();
  });
});
