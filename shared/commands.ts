/**
 * Commands an operator can give from anywhere: the keyboard, the command palette, the desktop
 * app's menu. One list, so the menu's accelerators, the shortcut settings and the palette name the
 * same things. Combos use Blueprint's hotkey syntax ("mod+k": Ctrl on Windows and Linux, Cmd on
 * macOS); `accelerator` turns one into Electron's.
 */
export const APP_COMMANDS = [
  'commandPalette',
  'playerSearch',
  'switchGame',
  'todoList',
  'settings',
  'about',
  'signOut',
] as const;
export type AppCommand = (typeof APP_COMMANDS)[number];

/** The default combo of each command; an operator may change them (the shortcut settings). */
export const DEFAULT_SHORTCUTS: Readonly<Record<AppCommand, string | null>> = {
  commandPalette: 'mod+k',
  playerSearch: 'mod+shift+f',
  switchGame: 'mod+shift+g',
  todoList: 'mod+shift+t',
  settings: 'mod+,',
  about: null,
  signOut: 'mod+shift+q',
};

export function isAppCommand(x: unknown): x is AppCommand {
  return typeof x === 'string' && (APP_COMMANDS as readonly string[]).includes(x);
}

/** A Blueprint combo as an Electron accelerator: "mod+shift+f" -> "CmdOrCtrl+Shift+F". */
export function accelerator(combo: string): string {
  const names: Record<string, string> = {
    mod: 'CmdOrCtrl',
    cmd: 'Command',
    meta: 'Super',
    ctrl: 'Control',
    alt: 'Alt',
    option: 'Alt',
    shift: 'Shift',
    plus: 'Plus',
    space: 'Space',
    enter: 'Return',
    return: 'Return',
    esc: 'Escape',
    escape: 'Escape',
  };
  return combo
    .split('+')
    .map((part) => {
      const p = part.trim().toLowerCase();
      return names[p] ?? (p.length === 1 ? p.toUpperCase() : p.charAt(0).toUpperCase() + p.slice(1));
    })
    .join('+');
}
