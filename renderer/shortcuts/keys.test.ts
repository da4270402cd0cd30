import { describe, expect, it } from 'vitest';
import { DEFAULT_SHORTCUTS } from '../../shared/commands.js';
import { comboFromEvent, comboLabel, commandHotkeys, isMacPlatform, keyName, type KeyInput } from './keys.js';

const press = (key: string, code: string, mods: Partial<KeyInput> = {}): KeyInput => ({
  key,
  code,
  ctrlKey: false,
  altKey: false,
  shiftKey: false,
  metaKey: false,
  ...mods,
});

describe('recording a combo from a key press', () => {
  it('records the command key as "mod" on each platform', () => {
    expect(comboFromEvent(press('k', 'KeyK', { ctrlKey: true }), false)).toBe('mod+k');
    expect(comboFromEvent(press('k', 'KeyK', { metaKey: true }), true)).toBe('mod+k');
    // The other one keeps its own name.
    expect(comboFromEvent(press('k', 'KeyK', { metaKey: true }), false)).toBe('meta+k');
    expect(comboFromEvent(press('k', 'KeyK', { ctrlKey: true }), true)).toBe('ctrl+k');
  });

  it('names keys as the combo syntax does, whatever shift makes of them', () => {
    expect(comboFromEvent(press('P', 'KeyP', { ctrlKey: true, shiftKey: true }), false)).toBe('mod+shift+p');
    expect(comboFromEvent(press('!', 'Digit1', { altKey: true, shiftKey: true }), false)).toBe('alt+shift+1');
    expect(comboFromEvent(press('<', 'Comma', { ctrlKey: true, shiftKey: true }), false)).toBe('mod+shift+,');
    expect(comboFromEvent(press('ArrowUp', 'ArrowUp', { altKey: true }), false)).toBe('alt+up');
    expect(comboFromEvent(press('F7', 'F7'), false)).toBe('f7');
    expect(comboFromEvent(press(' ', 'Space', { ctrlKey: true }), false)).toBe('mod+space');
    // macOS: alt+c types "ç"; the physical key is what counts.
    expect(comboFromEvent(press('ç', 'KeyC', { altKey: true }), true)).toBe('alt+c');
  });

  it('waits while only modifiers are held', () => {
    expect(comboFromEvent(press('Control', 'ControlLeft', { ctrlKey: true }), false)).toBeNull();
    expect(comboFromEvent(press('Shift', 'ShiftLeft', { shiftKey: true, ctrlKey: true }), false)).toBeNull();
    expect(keyName(press('Meta', 'MetaLeft'))).toBeUndefined();
  });

  it('keeps what cannot be used as pressed, for the page to say why', () => {
    expect(comboFromEvent(press('g', 'KeyG'), false)).toBe('g');
    expect(comboFromEvent(press('Tab', 'Tab', { ctrlKey: true }), false)).toBe('mod+tab');
  });
});

describe('showing a combo', () => {
  it('spells keys out on Windows and Linux, with symbols on macOS', () => {
    expect(comboLabel('mod+shift+f', false)).toBe('Ctrl+Shift+F');
    expect(comboLabel('mod+shift+f', true)).toBe('⌘⇧F');
    expect(comboLabel('meta+alt+up', false)).toBe('Win+Alt+↑');
    expect(comboLabel('mod+,', false)).toBe('Ctrl+,');
    expect(comboLabel('f2', true)).toBe('F2');
    expect(comboLabel('not a combo', false)).toBe('not a combo');
  });

  it('tells macOS as Blueprint does', () => {
    expect(isMacPlatform('MacIntel')).toBe(true);
    expect(isMacPlatform('Win32')).toBe(false);
    expect(isMacPlatform('Linux x86_64')).toBe(false);
    expect(isMacPlatform(undefined)).toBe(false);
  });
});

describe('the hotkeys of a set of combos', () => {
  it('has one per command with a usable combo; only held-modifier combos fire inside text fields', () => {
    const keys = commandHotkeys({ ...DEFAULT_SHORTCUTS, about: 'f1', todoList: null, switchGame: 'g' });
    expect(keys.map((k) => [k.command, k.combo, k.allowInInput])).toEqual([
      ['commandPalette', 'mod+k', true],
      ['playerSearch', 'mod+shift+f', true],
      ['settings', 'mod+,', true],
      ['about', 'f1', false],
      ['signOut', 'mod+shift+q', true],
    ]);
  });
});
