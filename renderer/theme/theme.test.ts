import { describe, expect, it } from 'vitest';
import { THEMES } from '../../shared/settings.js';
import { resolveTheme } from './theme.js';
import en from './en.json';
import zhCN from './zh-CN.json';

describe('dark mode', () => {
  it('follows the OS by default, and the setting when there is one', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
    expect(resolveTheme('light', true)).toBe('light');
  });

  it('names every choice in both languages', () => {
    for (const theme of THEMES) {
      expect(en[theme]).toBeTruthy();
      expect(zhCN[theme]).toBeTruthy();
    }
    expect(Object.keys(zhCN).sort()).toEqual(Object.keys(en).sort());
  });
});
