import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../shared/api/table.js';
import { applyPatch } from '../kit/listParams.js';
import { auditLogInput, clearAuditPatch, localDayStart, readAuditFilter } from './auditFilters.js';

const params = (s: string) => new URLSearchParams(s);
const PHONE = '13800000001';

describe('audit log filters', () => {
  it('read kind, game and days from the URL, dropping what is not one of them', () => {
    expect(
      readAuditFilter(params('logKind=sessions&logGame=lw&logFrom=2026-05-01&logTo=2026-05-31')),
    ).toEqual({
      kind: 'sessions',
      game: 'lw',
      from: '2026-05-01',
      to: '2026-05-31',
    });
    expect(
      readAuditFilter(params('logKind=logins&logGame=chess&logFrom=2026-02-31&logTo=yesterday')),
    ).toEqual({});
  });

  it('send local days as instants, the last day included', () => {
    const input = auditLogInput(PHONE, 2, {
      kind: 'actions',
      game: 'ymmj',
      from: '2026-05-01',
      to: '2026-05-01',
    });
    expect(input).toEqual({
      phone: PHONE,
      page: 2,
      kind: 'actions',
      game: 'ymmj',
      from: new Date(2026, 4, 1).toISOString(),
      to: new Date(2026, 4, 2).toISOString(),
    });
    // What the form sends is what the endpoint takes.
    expect(ENDPOINTS['users.logs'].input.safeParse({ ...(input as object), pageSize: 20 }).success).toBe(
      true,
    );
  });

  it('roll the end over a month and a year', () => {
    expect(auditLogInput(PHONE, 1, { to: '2026-12-31' })).toEqual({
      phone: PHONE,
      page: 1,
      to: new Date(2027, 0, 1).toISOString(),
    });
  });

  it('say a range that ends before it starts instead of sending it', () => {
    expect(auditLogInput(PHONE, 1, { from: '2026-05-02', to: '2026-05-01' })).toBe('reversed');
  });

  it('clear every filter and go back to the first page', () => {
    const next = applyPatch(
      params('logKind=actions&logGame=lw&logFrom=2026-05-01&logPage=3&x=1'),
      clearAuditPatch,
      'logPage',
    );
    expect(next.toString()).toBe('x=1');
  });

  it('refuse days that do not exist', () => {
    expect(localDayStart('2026-02-29')).toBeNull();
    expect(localDayStart('2028-02-29')).not.toBeNull();
  });
});
