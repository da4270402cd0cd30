import { z } from 'zod';
import { SIGNED_IN } from '../roles.js';
import { feature, type RouteDef } from '../pages.js';
import { APP_COMMANDS, DEFAULT_SHORTCUTS, type AppCommand } from '../commands.js';
import { endpoint } from './endpoint.js';
import { shortcutsPages } from './shortcuts.pages.js';

/**
 * Shortcuts (spec: `/admin/shortcut`, whose content the spec leaves open). Every operator keeps
 * their own preferences: the key combo of each app command (shared/commands.ts) and the pages
 * pinned to the top bar. The page is open to every signed-in operator, not SUPER only as the
 * planned route table had it: the preferences are personal and every operator has them (see
 * docs/decisions.md, "Shortcuts").
 *
 * The combo rules live here, as pure functions, so that the server refuses what the page would
 * refuse, with the same words.
 */

/**
 * The commands' names for the server's messages in both languages (the renderer names them from
 * its own catalogue, with the same words).
 */
export const COMMAND_NAMES: Readonly<Record<AppCommand, { en: string; zh: string }>> = {
  commandPalette: { en: 'Command palette', zh: '命令面板' },
  playerSearch: { en: 'Player search', zh: '玩家搜索' },
  switchGame: { en: 'Switch game', zh: '切换游戏' },
  todoList: { en: 'To-do list', zh: '待办列表' },
  settings: { en: 'Settings', zh: '设置' },
  about: { en: 'About', zh: '关于' },
  signOut: { en: 'Sign out', zh: '退出登录' },
};

/** The most pages one operator pins to the top bar: more would not fit beside its buttons. */
export const PINNED_MAX = 8;

/** Modifiers in the order a normalised combo names them. */
export const COMBO_MODIFIERS = ['mod', 'ctrl', 'meta', 'alt', 'shift'] as const;
export type ComboModifier = (typeof COMBO_MODIFIERS)[number];

const MODIFIER_ALIASES: Readonly<Record<string, ComboModifier>> = {
  mod: 'mod',
  ctrl: 'ctrl',
  control: 'ctrl',
  meta: 'meta',
  cmd: 'meta',
  command: 'meta',
  win: 'meta',
  alt: 'alt',
  option: 'alt',
  shift: 'shift',
};

const KEY_ALIASES: Readonly<Record<string, string>> = {
  return: 'enter',
  minus: '-',
  del: 'delete',
  arrowup: 'up',
  arrowdown: 'down',
  arrowleft: 'left',
  arrowright: 'right',
};

/**
 * Keys a combo may end with: letters, digits, function keys, punctuation Blueprint reads without
 * shift, and a few named keys. Escape and Tab are left out on purpose: dialogs and keyboard
 * navigation need them.
 */
const NAMED_KEYS = new Set([
  'enter',
  'space',
  'delete',
  'backspace',
  'home',
  'end',
  'pageup',
  'pagedown',
  'up',
  'down',
  'left',
  'right',
  'insert',
]);
const PUNCTUATION = new Set([',', '.', '/', ';', "'", '[', ']', '\\', '-', '=', '`']);

function isFunctionKey(key: string): boolean {
  return /^f([1-9]|1[0-9]|2[0-4])$/.test(key);
}

/** Keys that type a character: alone (or with shift only) they would fire while an operator writes. */
function typesCharacter(key: string): boolean {
  return /^[a-z0-9]$/.test(key) || PUNCTUATION.has(key) || key === 'space' || key === 'enter';
}

export interface ParsedCombo {
  modifiers: readonly ComboModifier[];
  key: string;
}

/** Why a combo is refused, as both languages say it. */
export interface ComboRefusal {
  en: string;
  zh: string;
}

/**
 * A combo in Blueprint's syntax ("mod+shift+f") read into its modifiers and key, or why it cannot
 * be used. Modifiers may come in any order and with Blueprint's aliases (cmd, option, control).
 */
export function parseCombo(combo: string): ParsedCombo | ComboRefusal {
  const text = combo.trim().toLowerCase();
  const shown = combo.trim();
  if (text === '') return { en: 'the combo is empty', zh: '组合键为空' };
  const parts = text.split('+').map((p) => p.trim());
  if (parts.some((p) => p === '')) {
    return {
      en: `"${shown}" has an empty part; write keys joined by "+", such as "mod+shift+f" (the plus key is "plus")`,
      zh: `“${shown}”中有空的部分；请用“+”连接按键，例如“mod+shift+f”（加号键写作“plus”）`,
    };
  }
  const modifiers = new Set<ComboModifier>();
  let key: string | undefined;
  for (const raw of parts) {
    const mod = MODIFIER_ALIASES[raw];
    if (mod) {
      if (modifiers.has(mod)) {
        return { en: `"${shown}" names ${mod} twice`, zh: `“${shown}”重复使用了 ${mod}` };
      }
      modifiers.add(mod);
      continue;
    }
    const k = raw === 'plus' ? 'plus' : (KEY_ALIASES[raw] ?? raw);
    if (key !== undefined) {
      return {
        en: `"${shown}" has two keys (${key} and ${k}); a combo is modifiers plus one key`,
        zh: `“${shown}”包含两个按键（${key} 和 ${k}）；组合键由修饰键加一个按键组成`,
      };
    }
    if (!(
      /^[a-z0-9]$/.test(k) ||
      PUNCTUATION.has(k) ||
      NAMED_KEYS.has(k) ||
      isFunctionKey(k) ||
      k === 'plus'
    )) {
      return {
        en: `"${shown}": "${raw}" is not a key a shortcut can use (letters, digits, F1–F24, punctuation, arrows, enter, space, delete)`,
        zh: `“${shown}”：“${raw}”不能用作快捷键（可用字母、数字、F1–F24、标点、方向键、enter、space、delete）`,
      };
    }
    key = k;
  }
  if (key === undefined) {
    return {
      en: `"${shown}" has only modifiers; add a key, such as "${[...modifiers].join('+')}+k"`,
      zh: `“${shown}”只有修饰键；请加上一个按键，例如“${[...modifiers].join('+')}+k”`,
    };
  }
  const strong = [...modifiers].some((m) => m !== 'shift');
  if (!strong && typesCharacter(key)) {
    return {
      en: `"${shown}" would fire while typing; hold mod, ctrl, alt or meta with it`,
      zh: `“${shown}”会在输入文字时触发；请与 mod、ctrl、alt 或 meta 一起使用`,
    };
  }
  return { modifiers: COMBO_MODIFIERS.filter((m) => modifiers.has(m)), key };
}

export function isComboRefusal(x: ParsedCombo | ComboRefusal): x is ComboRefusal {
  return 'en' in x;
}

/** The one spelling of a combo: modifiers in a fixed order, aliases resolved ("Shift+Cmd+F" -> "meta+shift+f"). */
export function formatCombo(c: ParsedCombo): string {
  return [...c.modifiers, c.key].join('+');
}

/** A combo's one spelling, or null when it cannot be used. */
export function normalizeCombo(combo: string): string | null {
  const c = parseCombo(combo);
  return isComboRefusal(c) ? null : formatCombo(c);
}

/**
 * The combos a normalised combo stands for on each platform family: "mod" is Ctrl on Windows and
 * Linux and Cmd on macOS, so "mod+k" and "ctrl+k" collide on the first, "mod+k" and "meta+k" on
 * the second.
 */
function platformForms(combo: string): string[] {
  const c = parseCombo(combo);
  if (isComboRefusal(c)) return [];
  if (!c.modifiers.includes('mod')) return [formatCombo(c)];
  return (['ctrl', 'meta'] as const).map((m) => {
    const mods = new Set<ComboModifier>(c.modifiers.filter((x) => x !== 'mod'));
    mods.add(m);
    return formatCombo({ modifiers: COMBO_MODIFIERS.filter((x) => mods.has(x)), key: c.key });
  });
}

/** Whether two combos would be the same keys on some platform. */
export function combosCollide(a: string, b: string): boolean {
  const fa = platformForms(a);
  return platformForms(b).some((f) => fa.includes(f));
}

/** Pairs of commands given colliding combos, each pair once, in command order. */
export function comboConflicts(
  shortcuts: Readonly<Partial<Record<AppCommand, string | null>>>,
): [AppCommand, AppCommand][] {
  const out: [AppCommand, AppCommand][] = [];
  APP_COMMANDS.forEach((a, i) => {
    const ca = shortcuts[a];
    if (!ca) return;
    for (const b of APP_COMMANDS.slice(i + 1)) {
      const cb = shortcuts[b];
      if (cb && combosCollide(ca, cb)) out.push([a, b]);
    }
  });
  return out;
}

/** Each command's combo: the operator's where they set one (null: none), else the default. */
export function effectiveShortcuts(
  custom: Readonly<Partial<Record<string, string | null>>>,
): Record<AppCommand, string | null> {
  const out = { ...DEFAULT_SHORTCUTS } as Record<AppCommand, string | null>;
  for (const c of APP_COMMANDS) if (custom[c] !== undefined) out[c] = custom[c] ?? null;
  return out;
}

/**
 * Whether a page can be pinned: a page of the console's frame that needs nothing filled in (a
 * player's page needs the player). Whether the operator may open it is the caller's check.
 */
export function isPinnable(route: RouteDef): boolean {
  return route.layout === 'main' && !route.path.includes(':');
}

const comboMapSchema = z.record(
  z.string(),
  z.string().max(40, 'a combo is at most 40 characters').nullable(),
);

export const shortcutPrefsSchema = z.object({
  /** Every command's combo in effect (null: none), normalised. */
  shortcuts: z.record(z.string(), z.string().nullable()),
  /** The commands whose combo the operator changed from the default. */
  custom: z.array(z.string()),
  /** Route ids pinned to the top bar, in the operator's order. */
  pinned: z.array(z.string()),
  /** When the operator last saved; null while they have only the defaults. */
  updatedAt: z.string().nullable(),
});
export type ShortcutPrefs = z.infer<typeof shortcutPrefsSchema>;

export const shortcutsSaveInputSchema = z.strictObject({
  /**
   * Combos by command (null: no combo). A command left out keeps its default; a combo equal to
   * the default is stored as "the default", so a later change of defaults reaches it.
   */
  shortcuts: comboMapSchema,
  pinned: z.array(z.string().min(1).max(80)).max(PINNED_MAX, `pin at most ${PINNED_MAX} pages`),
});
export type ShortcutsSaveInput = z.input<typeof shortcutsSaveInputSchema>;

export const shortcutsEndpoints = {
  'shortcuts.get': endpoint({
    service: 'admin',
    method: 'GET',
    path: '/admin/shortcut',
    summary:
      "The caller's own shortcuts (every app command's combo, defaults filled in) and pinned pages " +
      '(those the caller may still open).',
    access: SIGNED_IN,
    input: z.strictObject({}),
    output: shortcutPrefsSchema,
  }),
  'shortcuts.save': endpoint({
    service: 'admin',
    method: 'PUT',
    path: '/admin/shortcut',
    summary:
      "Replaces the caller's shortcuts and pinned pages. Refused (40000, naming the field): an unknown " +
      'command, a combo that is not valid Blueprint syntax or would fire while typing, two commands on ' +
      `the same keys, a page that is unknown, cannot be pinned or is not open to the caller, more than ${PINNED_MAX} pages.`,
    access: SIGNED_IN,
    audit: true,
    input: shortcutsSaveInputSchema,
    output: shortcutPrefsSchema,
  }),
};

export const shortcutsFeature = feature({ ...shortcutsPages, endpoints: shortcutsEndpoints });
