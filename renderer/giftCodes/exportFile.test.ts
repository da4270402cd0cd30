import { describe, expect, it } from 'vitest';
import { BOM, parseCsv } from '../../shared/csv.js';
import { catalogueT } from '../i18n/catalogueT.js';
import { codesCsv } from './exportFile.js';

/** As server/giftCodes writes it: column ids, state ids, UTC instants, RFC 4180 quoting. */
const SERVER_CSV =
  'code,uses,uses_per_code,state,last_redeemed_by,last_redeemed_at\r\n' +
  'EE4679ACDEFG,0,1,unused,,\r\n' +
  'EE4679ACDEFH,1,1,usedUp,"p,""quoted""",2026-01-15T09:00:00.000Z\r\n';

describe("a batch's export file", () => {
  it("has its heading and states in the operator's language, times in their zone", async () => {
    const t = await catalogueT('zh-CN');
    const out = codesCsv(SERVER_CSV, { t, offsetMinutes: 480 });
    expect(out.startsWith(BOM)).toBe(true);
    const [heading, unused, usedUp] = parseCsv(out);
    expect(heading).toEqual([
      '兑换码',
      '已使用次数',
      '可使用次数',
      '状态',
      '最近使用的玩家',
      '最近使用时间（UTC+08:00）',
    ]);
    expect(unused).toEqual(['EE4679ACDEFG', '0', '1', '未使用', '', '']);
    expect(usedUp).toEqual(['EE4679ACDEFH', '1', '1', '已用完', 'p,"quoted"', '2026-01-15 17:00:00']);
  });

  it('says the same file in English for an English operator', async () => {
    const t = await catalogueT('en');
    const [heading, , usedUp] = parseCsv(codesCsv(SERVER_CSV, { t, offsetMinutes: 0 }));
    expect(heading?.[0]).toBe('Code');
    expect(heading?.[5]).toBe('Last used at (UTC+00:00)');
    expect(usedUp?.[3]).toBe('Used up');
  });

  it("keeps a column a studio's backend adds, and never lets a cell run as a formula", async () => {
    const t = await catalogueT('en');
    const csv = 'code,state,region\r\nAB,unused,=cmd()\r\n';
    const out = codesCsv(csv, { t, offsetMinutes: 0 });
    expect(parseCsv(out)).toEqual([
      ['Code', 'State', 'region'],
      ['AB', 'Unused', "'=cmd()"],
    ]);
  });
});
