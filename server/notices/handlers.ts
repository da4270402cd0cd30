import type { Selectable } from 'kysely';
import { Codes } from '../../shared/codes.js';
import type { NoticeRule, noticesEndpoints } from '../../shared/api/notices.js';
import { GAME_IDS, GAMES, type GameId } from '../../shared/games.js';
import type { NoticeRulesTable } from './tables.js';
import { auditedResult, signedInOf, type HandlerContext, type HandlerMap } from '../http/context.js';
import { problem } from '../http/problem.js';
import { listPage } from '../db/paging.js';
import { sortedBy } from '../db/sorting.js';
import { changeConfigRow, touchWatchConfig } from '../serverWatch/config.js';
import { gameFigures, storedStatusFigures } from './figures.js';

/**
 * Message notices: per game thresholds the watch engine evaluates. A change that moves the line
 * (kind, threshold, hour, game) or turns a notice on rearms it (state unknown): it fires at the
 * next crossing, which may be at once if the figure is already over the line.
 */

type Endpoints = typeof noticesEndpoints;
type RuleRow = Selectable<NoticeRulesTable>;

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

export function toRule(row: RuleRow): NoticeRule {
  return {
    id: row.id,
    game: row.game as GameId,
    kind: row.kind,
    threshold: Number(row.threshold),
    byHour: row.by_hour,
    enabled: row.enabled,
    note: row.note,
    state: row.state,
    lastFiredAt: iso(row.last_fired_at),
    lastValue: row.last_value === null ? null : Number(row.last_value),
    lastEvaluatedAt: iso(row.last_evaluated_at),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    updatedBy: row.updated_by,
  };
}

/** How the audit log names a notice: "Secret Realm: online players below 600". */
function describe(row: Pick<RuleRow, 'id' | 'game' | 'kind' | 'threshold' | 'by_hour'>): string {
  const game = GAMES[row.game as GameId]?.names.en ?? row.game;
  const what =
    row.kind === 'playersBelow'
      ? `online players below ${row.threshold}`
      : row.kind === 'playersAbove'
        ? `online players above ${row.threshold}`
        : `income below ${row.threshold} by ${row.by_hour ?? 0}:00`;
  return `${game}: ${what} (notice ${row.id})`;
}

async function mustGet(ctx: HandlerContext, id: number): Promise<RuleRow> {
  const row = await ctx.db
    .selectFrom('notice_rules')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) {
    throw problem(
      Codes.NOT_FOUND,
      `There is no message notice ${id}; it may have been removed (reload the list)`,
      `没有编号为 ${id} 的消息通知，可能已被删除（请刷新列表）`,
    );
  }
  return row;
}

export const noticesHandlers: HandlerMap<Endpoints> = {
  'notices.list': async (input, ctx) => {
    let q = ctx.db.selectFrom('notice_rules');
    if (input.game) q = q.where('game', '=', input.game);
    const ordered = sortedBy(
      q.selectAll(),
      input,
      { game: 'game', lastFiredAt: 'last_fired_at' },
      (all) => all.orderBy('game').orderBy('id'),
      'id',
    );
    const page = await listPage(q, ordered, input, toRule);
    const source = { db: ctx.db, now: ctx.now, statuses: await storedStatusFigures(ctx.db) };
    const games = input.game ? [input.game] : GAME_IDS;
    const figures = await Promise.all(games.map((g) => gameFigures(source, g)));
    return { ...page, figures };
  },

  'notices.save': async (input, ctx) => {
    const who = signedInOf(ctx).operator.name;
    ctx.audit.game = input.game;
    const values = {
      game: input.game,
      kind: input.kind,
      threshold: input.threshold,
      by_hour: input.byHour,
      enabled: input.enabled,
      note: input.note,
      updated_at: ctx.now,
      updated_by: who,
    };
    let row: RuleRow;
    if (input.id !== undefined) {
      const before = await mustGet(ctx, input.id);
      ctx.audit.target = describe(before);
      ctx.audit.before = toRule(before);
      const moved =
        before.game !== input.game ||
        before.kind !== input.kind ||
        Number(before.threshold) !== input.threshold ||
        before.by_hour !== input.byHour ||
        (!before.enabled && input.enabled);
      row = await changeConfigRow(ctx, 'notice_rules', before.id, {
        ...values,
        ...(moved ? { state: 'unknown' as const } : {}),
      });
    } else {
      ctx.audit.before = null;
      row = await ctx.db
        .insertInto('notice_rules')
        .values({ ...values, state: 'unknown', created_at: ctx.now })
        .returningAll()
        .executeTakeFirstOrThrow();
    }
    ctx.audit.target = describe(row);
    await touchWatchConfig(ctx.db);
    return auditedResult(ctx, toRule(row));
  },

  'notices.setEnabled': async (input, ctx) => {
    const before = await mustGet(ctx, input.id);
    ctx.audit.target = describe(before);
    ctx.audit.game = before.game;
    if (before.enabled === input.enabled) {
      throw problem(
        Codes.CONFLICT,
        `This notice is already ${input.enabled ? 'on' : 'off'}`,
        `该通知已经是${input.enabled ? '开启' : '关闭'}状态`,
      );
    }
    ctx.audit.before = toRule(before);
    const row = await changeConfigRow(ctx, 'notice_rules', before.id, {
      enabled: input.enabled,
      // Turned on, it fires at the next crossing; off, it forgets where the figure stood.
      state: 'unknown',
    });
    await touchWatchConfig(ctx.db);
    return auditedResult(ctx, toRule(row));
  },

  'notices.delete': async (input, ctx) => {
    ctx.audit.target = `notice ${input.id}`;
    const before = await mustGet(ctx, input.id);
    ctx.audit.target = describe(before);
    ctx.audit.game = before.game;
    ctx.audit.before = toRule(before);
    await ctx.db.deleteFrom('notice_rules').where('id', '=', before.id).execute();
    await touchWatchConfig(ctx.db);
    ctx.audit.after = null;
    return { deleted: true };
  },
};
