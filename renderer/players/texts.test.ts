import { describe, expect, it } from 'vitest';
import { ALL_PLAYER_TABS, STATUS_VALUES, TAB_DEFS } from '../../shared/player-tabs.js';
import { PLAYER_STATES } from '../../shared/api/players.js';
import { flattenKeys, placeholders, type Catalogue } from '../i18n/catalogue.js';
import en from './en.json';
import zhCN from './zh-CN.json';
import { SEARCH_FIELDS, SEARCH_PROBLEMS } from './searchParams.js';
import { EQUIPMENT_VIEWS } from './equipment.js';
import { PLAYER_ACTIONS } from './actions.js';
import { STAT_TILES } from './stats.js';

/**
 * Keys the screens build from data (`players.col.${key}`), which the app-wide catalogue test
 * cannot see in the source: every column, status, tab and state must have a text in both languages.
 */
const CATALOGUES = { en: flattenKeys(en as Catalogue), 'zh-CN': flattenKeys(zhCN as Catalogue) };

function expectBoth(key: string): void {
  for (const [lang, keys] of Object.entries(CATALOGUES)) {
    const text = keys.get(key);
    expect(text, `${lang} lacks players.${key}`).toBeTypeOf('string');
    expect(text?.trim(), `${lang} players.${key} is empty`).not.toBe('');
  }
}

describe('players texts', () => {
  it('title every column of every tab definition', () => {
    const keys = new Set(Object.values(TAB_DEFS).flatMap((def) => def.columns.map((c) => c.key)));
    expect(keys.size).toBeGreaterThan(30);
    for (const key of keys) expectBoth(`col.${key}`);
  });

  it('name every status value', () => {
    for (const value of STATUS_VALUES) expectBoth(`status.${value}`);
  });

  it('name every tab, account state, flag, action and search problem', () => {
    for (const tab of ALL_PLAYER_TABS) expectBoth(`tab.${tab}`);
    for (const state of PLAYER_STATES) expectBoth(`state.${state}`);
    for (const state of PLAYER_STATES.filter((s) => s !== 'active')) expectBoth(`stateHelp.${state}`);
    for (const flag of ['banned', 'testing', 'special']) expectBoth(`flag.${flag}`);
    for (const field of SEARCH_FIELDS) {
      expectBoth(`search.${field}`);
      expectBoth(`search.${field}Help`);
      expectBoth(`search.${field}Placeholder`);
    }
    for (const p of SEARCH_PROBLEMS) expectBoth(`search.problem.${p}`);
    for (const a of PLAYER_ACTIONS) {
      for (const part of ['button', 'title', 'warning', 'confirm', 'done', 'failed'])
        expectBoth(`action.${a}.${part}`);
    }
    for (const tile of STAT_TILES) expectBoth(`stats.tile.${tile.key}`);
    for (const v of EQUIPMENT_VIEWS) expectBoth(`equipment.view.${v}`);
    for (const v of ['logs', 'prelogs', 'audit']) expectBoth(`history.${v}`);
    for (const v of ['logs', 'prelogs']) {
      expectBoth(`history.${v}Empty`);
      expectBoth(`history.${v}Failed`);
    }
  });

  it('have the same keys and placeholders in both languages', () => {
    expect([...CATALOGUES.en.keys()].sort()).toEqual([...CATALOGUES['zh-CN'].keys()].sort());
    for (const [key, text] of CATALOGUES.en) {
      expect(placeholders(CATALOGUES['zh-CN'].get(key) ?? ''), `placeholders of ${key}`).toEqual(
        placeholders(text),
      );
    }
  });
});
