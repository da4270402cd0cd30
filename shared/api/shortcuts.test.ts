import { describe, expect, it } from 'vitest';
import { DEFAULT_SHORTCUTS } from '../commands.js';
import { fixedRoute } from '../pages.js';
import { SIGNED_IN } from '../roles.js';
import {
  comboConflicts,
  combosCollide,
  effectiveShortcuts,
  isComboRefusal,
  isPinnable,
  normalizeCombo,
  parseCombo,
} from './shortcuts.js';

describe('shortcut combos', () => {
  it('reads Blueprint syntax into one spelling: aliases resolved, modifiers in a fixed order', () => {
    expect(normalizeCombo('mod+shift+f')).toBe('mod+shift+f');
    expect(normalizeCombo(' Shift + Cmd + P ')).toBe('meta+shift+p');
    expect(normalizeCombo('option+control+Return')).toBe('ctrl+alt+enter');
    expect(normalizeCombo('mod+plus')).toBe('mod+plus');
    expect(normalizeCombo('ctrl+minus')).toBe('ctrl+-');
    expect(normalizeCombo('F5')).toBe('f5');
    expect(normalizeCombo('alt+ArrowUp')).toBe('alt+up');
    expect(normalizeCombo('mod+,')).toBe('mod+,');
  });

  it('gives every default a valid combo', () => {
    for (const combo of Object.values(DEFAULT_SHORTCUTS)) {
      if (combo !== null) expect(normalizeCombo(combo), combo).toBe(combo);
    }
  });

  it('says in both languages why a combo cannot be used', () => {
    const cases: [string, RegExp][] = [
      ['', /empty/],
      ['mod+', /empty part/],
      ['alt+shift', /only modifiers/],
      ['mod+a+b', /two keys/],
      ['shift+shift+f1', /names shift twice/],
      ['ctrl+escape', /not a key a shortcut can use/],
      ['ctrl+tab', /not a key a shortcut can use/],
      ['ctrl+f25', /not a key a shortcut can use/],
      ['k', /would fire while typing/],
      ['shift+1', /would fire while typing/],
      ['space', /would fire while typing/],
    ];
    for (const [combo, en] of cases) {
      const r = parseCombo(combo);
      expect(isComboRefusal(r), combo).toBe(true);
      if (!isComboRefusal(r)) continue;
      expect(r.en).toMatch(en);
      expect(r.zh.length).toBeGreaterThan(0);
      expect(r.zh).not.toBe(r.en);
    }
    // Keys that type nothing may stand alone.
    for (const combo of ['f2', 'shift+f12', 'delete', 'pagedown']) {
      expect(isComboRefusal(parseCombo(combo)), combo).toBe(false);
    }
  });

  it('finds two commands on the same keys, "mod" meeting ctrl or cmd included', () => {
    expect(combosCollide('mod+k', 'ctrl+k')).toBe(true);
    expect(combosCollide('mod+k', 'cmd+k')).toBe(true);
    expect(combosCollide('mod+k', 'alt+k')).toBe(false);
    expect(combosCollide('ctrl+k', 'meta+k')).toBe(false);
    expect(combosCollide('shift+mod+K', 'mod+shift+k')).toBe(true);
    expect(comboConflicts(DEFAULT_SHORTCUTS)).toEqual([]);
    expect(comboConflicts({ ...DEFAULT_SHORTCUTS, about: 'ctrl+k', signOut: 'mod+,' })).toEqual([
      ['commandPalette', 'about'],
      ['settings', 'signOut'],
    ]);
  });

  it('fills in the defaults for commands the operator left alone', () => {
    expect(effectiveShortcuts({})).toEqual(DEFAULT_SHORTCUTS);
    expect(effectiveShortcuts({ about: 'f1', signOut: null, bogus: 'x' })).toEqual({
      ...DEFAULT_SHORTCUTS,
      about: 'f1',
      signOut: null,
    });
  });

  it('pins only pages of the frame that need no target', () => {
    expect(isPinnable(fixedRoute('todo.list', '/admin/todo', 'main', SIGNED_IN))).toBe(true);
    expect(isPinnable(fixedRoute('admin.user', '/admin/user/:phone', 'main', SIGNED_IN))).toBe(false);
    expect(isPinnable(fixedRoute('auth.login', '/auth/login', 'auth', SIGNED_IN))).toBe(false);
  });
});
