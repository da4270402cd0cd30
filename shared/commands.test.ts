import { describe, expect, it } from 'vitest';
import { APP_COMMANDS, DEFAULT_SHORTCUTS, accelerator, isAppCommand } from './commands.js';

describe('app commands', () => {
  it('give every command a default (or none), with no combo twice', () => {
    const combos = APP_COMMANDS.map((c) => DEFAULT_SHORTCUTS[c]).filter((c): c is string => c !== null);
    expect(new Set(combos).size).toBe(combos.length);
    expect(isAppCommand('commandPalette')).toBe(true);
    expect(isAppCommand('format-disk')).toBe(false);
  });

  it('turn Blueprint combos into Electron accelerators', () => {
    expect(accelerator('mod+k')).toBe('CmdOrCtrl+K');
    expect(accelerator('mod+shift+f')).toBe('CmdOrCtrl+Shift+F');
    expect(accelerator('mod+,')).toBe('CmdOrCtrl+,');
    expect(accelerator('alt+f4')).toBe('Alt+F4');
  });
});
