import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { ENDPOINTS, ENDPOINT_IDS } from '../../shared/api/table.js';
import { flattenKeys } from '../i18n/catalogue.js';
import { loadCatalogue } from '../i18n/resources.js';
import { AUDITED_ACTIONS, auditActionKey, auditActionName, gameName } from './audit.js';

const zh = flattenKeys(await loadCatalogue('zh-CN'));
const en = flattenKeys(await loadCatalogue('en'));

describe('audit log names', () => {
  it('name every audited endpoint and every session event in both languages', () => {
    const audited = ENDPOINT_IDS.filter((id) => (ENDPOINTS[id] as { audit?: true }).audit === true);
    expect(audited.length).toBeGreaterThan(10);
    for (const action of [...audited, 'auth.login', 'auth.logout', 'auth.refreshReuse']) {
      expect(AUDITED_ACTIONS).toContain(action);
      expect(zh.get(auditActionKey(action)), `zh-CN lacks ${action}`).toBeTruthy();
      expect(en.get(auditActionKey(action)), `en lacks ${action}`).toBeTruthy();
    }
  });

  it('say an action this console does not know with its code, without looking it up', () => {
    const asked: string[] = [];
    const t = ((key: string, values?: Record<string, string>) => {
      asked.push(key);
      return `${key}:${values?.['action'] ?? ''}`;
    }) as unknown as TFunction;
    expect(auditActionName(t, 'hero.ban')).toBe('kit.audit.unknownAction:hero.ban');
    expect(auditActionName(t, 'users')).toBe('kit.audit.unknownAction:users');
    expect(auditActionName(t, 'bannedHeroes.ban')).toBe('auditActions.bannedHeroes.ban:');
    expect(asked).not.toContain('auditActions.users');
  });

  it('name games in the operator language and keep an unknown id as it came', () => {
    expect(gameName('lw', 'zh-CN')).toBe('领主战争');
    expect(gameName('lw', 'en')).toBe('Lord War');
    expect(gameName('chess', 'en')).toBe('chess');
    expect(gameName(null, 'en')).toBeNull();
  });
});
