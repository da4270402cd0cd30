import type { Selectable } from 'kysely';
import { Codes } from '../../shared/codes.js';
import { canAccess } from '../../shared/roles.js';
import { ROUTES_BY_ID } from '../../shared/routes.js';
import { APP_COMMANDS, DEFAULT_SHORTCUTS, isAppCommand, type AppCommand } from '../../shared/commands.js';
import {
  COMMAND_NAMES,
  comboConflicts,
  effectiveShortcuts,
  formatCombo,
  isComboRefusal,
  isPinnable,
  normalizeCombo,
  parseCombo,
  type ShortcutPrefs,
  type shortcutsEndpoints,
} from '../../shared/api/shortcuts.js';
import type { OperatorShortcutsTable } from './tables.js';
import { auditedResult, signedInOf, type HandlerMap } from '../http/context.js';
import { problem } from '../http/problem.js';

/**
 * The caller's own shortcut preferences. Every query is keyed by the signed-in operator's id, so
 * nobody reads or changes another operator's. Saving is audited like every change: the entry
 * keeps the preferences before and after.
 */

type Endpoints = typeof shortcutsEndpoints;
type Row = Selectable<OperatorShortcutsTable>;

/** Stored combos that still make sense: known commands, valid combos (null: none). */
function storedCombos(raw: unknown): Partial<Record<AppCommand, string | null>> {
  const out: Partial<Record<AppCommand, string | null>> = {};
  if (raw === null || typeof raw !== 'object') return out;
  for (const [command, combo] of Object.entries(raw)) {
    if (!isAppCommand(command)) continue;
    if (combo === null) out[command] = null;
    else if (typeof combo === 'string') {
      const n = normalizeCombo(combo);
      if (n) out[command] = n;
    }
  }
  return out;
}

/** Pinned pages the operator may open now: a role taken away since hides the page, it does not fail. */
function openPins(raw: unknown, roles: readonly string[]): string[] {
  if (!Array.isArray(raw)) return [];
  return raw.filter((id): id is string => {
    const route = typeof id === 'string' ? ROUTES_BY_ID.get(id) : undefined;
    return route !== undefined && isPinnable(route) && canAccess(roles, route.access);
  });
}

function prefsOf(row: Row | undefined, roles: readonly string[]): ShortcutPrefs {
  const custom = storedCombos(row?.combos);
  return {
    shortcuts: effectiveShortcuts(custom),
    custom: APP_COMMANDS.filter((c) => custom[c] !== undefined),
    pinned: openPins(row?.pinned, roles),
    updatedAt: row ? row.updated_at.toISOString() : null,
  };
}

/** A refused field, named the way the input check names fields, with its detail for the form. */
function refused(path: string, en: string, zh: string) {
  return problem(Codes.VALIDATION, `${path}: ${en}`, `${path}：${zh}`, [{ path, message: en }]);
}

export const shortcutsHandlers: HandlerMap<Endpoints> = {
  'shortcuts.get': async (_input, ctx) => {
    const me = signedInOf(ctx).operator;
    const row = await ctx.db
      .selectFrom('operator_shortcuts')
      .selectAll()
      .where('operator_id', '=', me.id)
      .executeTakeFirst();
    return prefsOf(row, me.roles);
  },

  'shortcuts.save': async (input, ctx) => {
    const me = signedInOf(ctx).operator;
    ctx.audit.target = me.phone;
    const before = await ctx.db
      .selectFrom('operator_shortcuts')
      .selectAll()
      .where('operator_id', '=', me.id)
      .executeTakeFirst();
    ctx.audit.before = before ? prefsOf(before, me.roles) : null;

    // Only combos that differ from the default are kept: the others follow the defaults.
    const custom: Partial<Record<AppCommand, string | null>> = {};
    for (const [command, combo] of Object.entries(input.shortcuts)) {
      const path = `shortcuts.${command}`;
      if (!isAppCommand(command)) {
        throw refused(
          path,
          `"${command}" is not a command of the console (known: ${APP_COMMANDS.join(', ')})`,
          `“${command}”不是控制台的命令（可用：${APP_COMMANDS.join('、')}）`,
        );
      }
      let value: string | null = null;
      if (combo !== null) {
        const parsed = parseCombo(combo);
        if (isComboRefusal(parsed)) {
          throw refused(
            path,
            `check the combo of ${COMMAND_NAMES[command].en}: ${parsed.en}`,
            `请检查“${COMMAND_NAMES[command].zh}”的组合键：${parsed.zh}`,
          );
        }
        value = formatCombo(parsed);
      }
      const fallback = DEFAULT_SHORTCUTS[command];
      const isDefault = value === (fallback === null ? null : normalizeCombo(fallback));
      if (!isDefault) custom[command] = value;
    }
    const effective = effectiveShortcuts(custom);
    const [clash] = comboConflicts(effective);
    if (clash) {
      const [a, b] = clash;
      // Name the command the operator changed, so the message points at the field they touched.
      const [field, other] = custom[b] !== undefined && custom[a] === undefined ? [b, a] : [a, b];
      throw refused(
        `shortcuts.${field}`,
        `${COMMAND_NAMES[field].en} and ${COMMAND_NAMES[other].en} would share the same keys (${effective[field] ?? ''} / ${effective[other] ?? ''}); give one of them another combo`,
        `“${COMMAND_NAMES[field].zh}”与“${COMMAND_NAMES[other].zh}”的快捷键相同（${effective[field] ?? ''} / ${effective[other] ?? ''}），请为其中一个换一个组合键`,
      );
    }

    const seen = new Set<string>();
    input.pinned.forEach((id, i) => {
      const path = `pinned.${i}`;
      const route = ROUTES_BY_ID.get(id);
      if (!route) throw refused(path, `"${id}" is not a page of the console`, `“${id}”不是控制台的页面`);
      if (!isPinnable(route)) {
        throw refused(
          path,
          `"${id}" cannot be pinned: only pages that open without a player or another target can`,
          `“${id}”不能固定：只有无需指定玩家等对象即可打开的页面才能固定`,
        );
      }
      if (!canAccess(me.roles, route.access)) {
        throw refused(
          path,
          `your roles do not open "${id}", so it cannot be pinned`,
          `你的角色无法打开“${id}”，因此不能固定`,
        );
      }
      if (seen.has(id)) throw refused(path, `"${id}" is pinned twice`, `“${id}”被重复固定`);
      seen.add(id);
    });

    const values = {
      combos: JSON.stringify(custom),
      pinned: JSON.stringify(input.pinned),
      updated_at: ctx.now,
    };
    const row = await ctx.db
      .insertInto('operator_shortcuts')
      .values({ operator_id: me.id, ...values })
      .onConflict((oc) => oc.column('operator_id').doUpdateSet(values))
      .returningAll()
      .executeTakeFirstOrThrow();
    return auditedResult(ctx, prefsOf(row, me.roles));
  },
};
