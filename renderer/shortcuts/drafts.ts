import { APP_COMMANDS, DEFAULT_SHORTCUTS, type AppCommand } from '../../shared/commands.js';
import {
  PINNED_MAX,
  comboConflicts,
  isComboRefusal,
  normalizeCombo,
  parseCombo,
  type ComboRefusal,
  type ShortcutsSaveInput,
} from '../../shared/api/shortcuts.js';

/**
 * The shortcut page's draft, as pure functions: the same checks the server makes (so the page
 * says what is wrong before saving), pinned-page moves, and the call that saves it.
 */

export type Draft = Record<AppCommand, string | null>;

export type DraftIssue =
  | { command: AppCommand; kind: 'invalid'; combo: string; refusal: ComboRefusal }
  | { command: AppCommand; kind: 'conflict'; other: AppCommand };

/** A draft from the saved preferences (unknown commands dropped, missing ones at their default). */
export function draftOf(saved: Readonly<Record<string, string | null>>): Draft {
  const out = { ...DEFAULT_SHORTCUTS } as Draft;
  for (const c of APP_COMMANDS) if (saved[c] !== undefined) out[c] = saved[c] ?? null;
  return out;
}

/** What is wrong with a draft, by command: combos that cannot be used, then commands on the same keys. */
export function draftIssues(draft: Draft): DraftIssue[] {
  const issues: DraftIssue[] = [];
  const valid: Partial<Draft> = {};
  for (const command of APP_COMMANDS) {
    const combo = draft[command];
    if (combo === null) continue;
    const parsed = parseCombo(combo);
    if (isComboRefusal(parsed)) issues.push({ command, kind: 'invalid', combo, refusal: parsed });
    else valid[command] = combo;
  }
  for (const [a, b] of comboConflicts(valid)) {
    issues.push({ command: a, kind: 'conflict', other: b }, { command: b, kind: 'conflict', other: a });
  }
  return issues;
}

/** Whether a command's combo differs from its default (both normalised). */
export function isCustom(command: AppCommand, combo: string | null): boolean {
  const d = DEFAULT_SHORTCUTS[command];
  const norm = (c: string | null) => (c === null ? null : (normalizeCombo(c) ?? c));
  return norm(combo) !== norm(d);
}

/** Whether the draft or the pins differ from what is saved. */
export function isDirty(
  draft: Draft,
  pinned: readonly string[],
  saved: Readonly<Record<string, string | null>>,
  savedPinned: readonly string[],
): boolean {
  const base = draftOf(saved);
  return (
    APP_COMMANDS.some((c) => draft[c] !== base[c]) ||
    pinned.length !== savedPinned.length ||
    pinned.some((id, i) => savedPinned[i] !== id)
  );
}

/** The list with the item at `index` moved by `delta` places (clamped); the same list when it cannot move. */
export function movePinned(list: readonly string[], index: number, delta: number): string[] {
  const to = Math.min(list.length - 1, Math.max(0, index + delta));
  if (index < 0 || index >= list.length || to === index) return [...list];
  const out = [...list];
  const [item] = out.splice(index, 1);
  out.splice(to, 0, item as string);
  return out;
}

/** A page added at the end, unless already pinned or the list is full. */
export function addPinned(list: readonly string[], id: string): string[] {
  if (list.includes(id) || list.length >= PINNED_MAX) return [...list];
  return [...list, id];
}

/** The save call's input: every command's combo, so the server keeps exactly what the page shows. */
export function saveInputOf(draft: Draft, pinned: readonly string[]): ShortcutsSaveInput {
  return { shortcuts: { ...draft }, pinned: [...pinned] };
}
