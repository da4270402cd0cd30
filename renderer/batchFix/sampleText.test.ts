import { describe, expect, it } from 'vitest';
import { flattenKeys } from '../i18n/catalogue.js';
import { catalogueT } from '../i18n/catalogueT.js';
import { loadCatalogue } from '../i18n/resources.js';
import {
  KNOWN_FIELDS,
  KNOWN_TABLES,
  KNOWN_VALUES,
  fieldValue,
  sampleFields,
  tableName,
} from './sampleText.js';

const zhCatalogue = await loadCatalogue('zh-CN');
const enCatalogue = await loadCatalogue('en');
const zh = { t: await catalogueT('zh-CN') };

describe("a dry run's rows in the operator's language", () => {
  it('names every table, field and value the reference repairs show, in both languages', () => {
    const keys = [
      ...KNOWN_TABLES.map((x) => `batchFix.table.${x}`),
      ...KNOWN_FIELDS.map((x) => `batchFix.fieldName.${x}`),
      ...KNOWN_VALUES.map((x) => `batchFix.value.${x.replace(/ /g, '_')}`),
    ];
    const zhKeys = flattenKeys(zhCatalogue);
    const enKeys = flattenKeys(enCatalogue);
    for (const key of keys) {
      expect(zhKeys.get(key), `zh-CN lacks ${key}`).toBeTruthy();
      expect(enKeys.get(key), `en lacks ${key}`).toBeTruthy();
    }
  });

  it('says a hero ban the repair would lift with labels and values, no JSON, no table name', () => {
    const before = {
      id: 42,
      heroName: '赵云',
      playerId: '76561198000000013',
      expiresAt: '2026-01-15T09:00:00.000Z',
      status: 'expired',
    };
    const fields = sampleFields(zh.t, 'zh-CN', before);
    expect(fields.map((f) => f.label)).toEqual(['编号', '英雄', '玩家 ID', '到期时间', '状态']);
    const byKey = new Map(fields.map((f) => [f.key, f.value]));
    expect(byKey.get('status')).toBe('已到期');
    expect(byKey.get('expiresAt')).not.toContain('T09:00');
    expect(byKey.get('expiresAt')).toMatch(/2026/);
    expect(fields.map((f) => `${f.label}${f.value}`).join(' ')).not.toMatch(/[{}"]/);
    expect(tableName(zh.t, 'banned_heroes')).toBe('英雄封禁');
    expect(sampleFields(zh.t, 'zh-CN', { from: 'stored rows' })[0]?.value).toBe('已存储的数据');
  });

  it("keeps what a studio's own backend adds as it came, and says an absent value plainly", () => {
    expect(tableName(zh.t, 'guild_members')).toBe('guild_members');
    expect(sampleFields(zh.t, 'zh-CN', { guildRank: 'elder' })).toEqual([
      { key: 'guildRank', label: 'guildRank', value: 'elder' },
    ]);
    expect(fieldValue(zh.t, 'zh-CN', null)).toBe('—');
    expect(fieldValue(zh.t, 'zh-CN', 12345)).toBe('12,345');
    expect(sampleFields(zh.t, 'zh-CN', null)).toEqual([]);
  });
});
