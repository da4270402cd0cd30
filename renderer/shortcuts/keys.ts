import { APP_COMMANDS, type AppCommand } from '../../shared/commands.js';
import { isComboRefusal, normalizeCombo, parseCombo } from '../../shared/api/shortcuts.js';

/**
 * Keys as the shortcut page records them and as the top bar and palette show them: pure
 * functions of a key event or a combo, so the page, the hotkeys and the tests agree. Combos are in
 * Blueprint's syntax, normalised (shared/api/shortcuts.ts); "mod" is Cmd on macOS, Ctrl elsewhere.
 */

/** What a key event carries that a combo needs (a DOM KeyboardEvent has it all). */
export interface KeyInput {
  key: string;
  code?: string;
  ctrlKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  metaKey: boolean;
}

/** The same test Blueprint makes for "mod", so the page records what the hotkeys will match. */
export function isMacPlatform(platform: string | undefined): boolean {
  return platform === undefined ? false : /Mac|iPod|iPhone|iPad/.test(platform);
}

const MODIFIER_KEYS = new Set(['Control', 'Shift', 'Alt', 'Meta', 'AltGraph', 'OS']);

/** Physical keys by `code`, for keys whose `key` changes with shift or the layout. */
const CODE_KEYS: Readonly<Record<string, string>> = {
  Space: 'space',
  Enter: 'enter',
  NumpadEnter: 'enter',
  Delete: 'delete',
  Backspace: 'backspace',
  Home: 'home',
  End: 'end',
  PageUp: 'pageup',
  PageDown: 'pagedown',
  Insert: 'insert',
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowLeft: 'left',
  ArrowRight: 'right',
  Comma: ',',
  Period: '.',
  Slash: '/',
  Semicolon: ';',
  Quote: "'",
  BracketLeft: '[',
  BracketRight: ']',
  Backslash: '\\',
  Minus: '-',
  Equal: '=',
  Backquote: '`',
  Escape: 'escape',
  Tab: 'tab',
};

/** The key of an event, as a combo names it; undefined for a modifier pressed alone. */
export function keyName(e: KeyInput): string | undefined {
  if (MODIFIER_KEYS.has(e.key)) return undefined;
  // Letters follow the layout (as Blueprint matches them); digits and symbols the physical key,
  // so shift+1 is "shift+1", not "!".
  const lower = e.key.toLowerCase();
  if (/^[a-z]$/.test(lower)) return lower;
  const code = e.code ?? '';
  if (/^Digit[0-9]$/.test(code)) return code.slice(5);
  if (/^Numpad[0-9]$/.test(code)) return code.slice(6);
  if (/^Key[A-Z]$/.test(code)) return code.slice(3).toLowerCase();
  if (/^F([1-9]|1[0-9]|2[0-4])$/.test(code)) return code.toLowerCase();
  const named = CODE_KEYS[code];
  if (named) return named;
  if (/^F([1-9]|1[0-9]|2[0-4])$/.test(e.key)) return e.key.toLowerCase();
  return lower === ' ' ? 'space' : lower;
}

/**
 * The combo a key press makes, in the stored spelling, or null while only modifiers are held.
 * The platform's command key is recorded as "mod" (Cmd on macOS, Ctrl elsewhere), so a combo
 * recorded on one platform means the same on the other. The result may still be refused
 * (parseCombo says why): the page shows that rather than guessing.
 */
export function comboFromEvent(e: KeyInput, mac: boolean): string | null {
  const key = keyName(e);
  if (key === undefined) return null;
  const mods: string[] = [];
  if (mac ? e.metaKey : e.ctrlKey) mods.push('mod');
  if (mac ? e.ctrlKey : e.metaKey) mods.push(mac ? 'ctrl' : 'meta');
  if (e.altKey) mods.push('alt');
  if (e.shiftKey) mods.push('shift');
  const raw = [...mods, key === '+' ? 'plus' : key].join('+');
  return normalizeCombo(raw) ?? raw;
}

const MAC_SYMBOLS: Readonly<Record<string, string>> = {
  mod: '⌘',
  meta: '⌘',
  ctrl: '⌃',
  alt: '⌥',
  shift: '⇧',
};
const PC_NAMES: Readonly<Record<string, string>> = {
  mod: 'Ctrl',
  ctrl: 'Ctrl',
  meta: 'Win',
  alt: 'Alt',
  shift: 'Shift',
};
const KEY_LABELS: Readonly<Record<string, string>> = {
  up: '↑',
  down: '↓',
  left: '←',
  right: '→',
  plus: '+',
  space: 'Space',
  enter: 'Enter',
  delete: 'Delete',
  backspace: 'Backspace',
  pageup: 'PageUp',
  pagedown: 'PageDown',
  home: 'Home',
  end: 'End',
  insert: 'Insert',
};

/** A combo as an operator reads it: "Ctrl+Shift+F" on Windows and Linux, "⌘⇧F" on macOS. */
export function comboLabel(combo: string, mac: boolean): string {
  const c = parseCombo(combo);
  if (isComboRefusal(c)) return combo;
  const key = KEY_LABELS[c.key] ?? c.key.toUpperCase();
  if (mac) return [...c.modifiers.map((m) => MAC_SYMBOLS[m] ?? m), key].join('');
  return [...c.modifiers.map((m) => PC_NAMES[m] ?? m), key].join('+');
}

/** One global hotkey to register: a command with a combo. */
export interface CommandHotkey {
  command: AppCommand;
  combo: string;
  /**
   * Whether it fires inside a text field: yes when it holds Ctrl, Cmd or Alt (it cannot type
   * anything), so the palette opens from a search box; a bare F-key or arrow does not.
   */
  allowInInput: boolean;
}

/** The hotkeys of a set of combos, in command order; commands without a combo have none. */
export function commandHotkeys(
  shortcuts: Readonly<Partial<Record<AppCommand, string | null>>>,
): CommandHotkey[] {
  const out: CommandHotkey[] = [];
  for (const command of APP_COMMANDS) {
    const combo = shortcuts[command];
    if (!combo) continue;
    const c = parseCombo(combo);
    if (isComboRefusal(c)) continue;
    out.push({ command, combo, allowInInput: c.modifiers.some((m) => m !== 'shift') });
  }
  return out;
}
