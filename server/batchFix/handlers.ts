import { ACTIVE_JOB_STATUSES, type batchFixEndpoints } from '../../shared/api/batchFix.js';
import { Codes } from '../../shared/codes.js';
import { GAMES, type GameId } from '../../shared/games.js';
import { listPage } from '../db/paging.js';
import { gameOf, auditedResult, signedInOf, type HandlerContext, type HandlerMap } from '../http/context.js';
import { problem } from '../http/problem.js';
import { describe, dryRun, type RepairDef, type RepairScope } from './engine.js';
import { interruptStale, isStale, runnerOf, toJob, type JobRow } from './jobs.js';
import { REPAIRS, findRepair } from './repairs.js';
import { sql } from 'kysely';

type Endpoints = typeof batchFixEndpoints;

const names = (game: GameId) => GAMES[game].names;

/** The function by its exact name, or 40400 listing the game's functions (and the likely one). */
function mustFindRepair(game: GameId, name: string): RepairDef {
  const def = findRepair(name);
  if (def) return def;
  const known = REPAIRS.map((r) => r.name);
  const near = REPAIRS.find((r) => r.name.toLowerCase() === name.toLowerCase());
  const hintEn = near ? ` Did you mean ${near.name}? (names are case-sensitive)` : '';
  const hintZh = near ? `是否要找 ${near.name}？（名称区分大小写）` : '';
  throw problem(
    Codes.NOT_FOUND,
    `${names(game).en} has no repair function named "${name}"; its functions are ${known.join(', ')}.${hintEn}`,
    `${names(game)['zh-CN']}没有名为“${name}”的修复函数；可用函数：${known.join('、')}。${hintZh}`,
  );
}

function scopeOf(ctx: HandlerContext, game: GameId, reason: string): RepairScope {
  return { db: ctx.db, game, now: ctx.now, operator: signedInOf(ctx).operator.name, reason };
}

async function mustFindJob(ctx: HandlerContext, game: GameId, jobId: number): Promise<JobRow> {
  const row = await ctx.db
    .selectFrom('batch_fix_jobs')
    .selectAll()
    .where('game', '=', game)
    .where('id', '=', jobId)
    .executeTakeFirst();
  if (row) return row;
  throw problem(
    Codes.NOT_FOUND,
    `${names(game).en} has no data repair run ${jobId}`,
    `${names(game)['zh-CN']}没有编号为 ${jobId} 的数据修复任务`,
  );
}

const percent = (row: JobRow) => (row.total > 0 ? Math.floor((100 * row.processed) / row.total) : 0);

export const batchFixHandlers: HandlerMap<Endpoints> = {
  'batchFix.functions': async () => ({ functions: REPAIRS.map(describe) }),

  'batchFix.dryRun': async (input, ctx) => {
    const game = gameOf(ctx);
    const def = mustFindRepair(game, input.name);
    return dryRun(def, scopeOf(ctx, game, ''));
  },

  'batchFix.run': async (input, ctx) => {
    const game = gameOf(ctx);
    ctx.audit.target = input.name;
    const def = mustFindRepair(game, input.name);
    const op = signedInOf(ctx).operator;

    // One run of a function per game: the advisory lock orders two calls, the unique index
    // backs it up across servers. A run whose server stopped no longer stands in the way.
    await sql`select pg_advisory_xact_lock(hashtext(${`batchFix:${game}:${def.name}`}))`.execute(ctx.db);
    await interruptStale(ctx.db, game, def.name, ctx.now);
    const active = await ctx.db
      .selectFrom('batch_fix_jobs')
      .selectAll()
      .where('game', '=', game)
      .where('name', '=', def.name)
      .where('status', 'in', [...ACTIVE_JOB_STATUSES])
      .executeTakeFirst();
    if (active) {
      throw problem(
        Codes.CONFLICT,
        `${def.name} is already running in ${names(game).en} (run ${active.id}, ${percent(active)}% done, ` +
          `started by ${active.operator}); wait for it to end or cancel it`,
        `${def.name} 正在${names(game)['zh-CN']}中运行（任务 ${active.id}，已完成 ${percent(active)}%，` +
          `由 ${active.operator} 启动）；请等待其结束或先取消`,
      );
    }

    const found = await dryRun(def, scopeOf(ctx, game, input.reason));
    // The entry keeps what the run was asked to change; the job records what it changed.
    ctx.audit.before = { total: found.total, counts: found.counts, samples: found.samples };
    const row = await ctx.db
      .insertInto('batch_fix_jobs')
      .values({
        game,
        name: def.name,
        status: 'queued',
        reason: input.reason,
        operator_id: op.id,
        operator: op.name,
        created_at: ctx.now,
        heartbeat_at: ctx.now,
        total: found.total,
        counts: JSON.stringify(found.counts.map((c) => ({ ...c, count: 0 }))),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    runnerOf(ctx.deps, ctx.log).start(row.id);
    return auditedResult(ctx, toJob(row, ctx.now));
  },

  'batchFix.jobs': async (input, ctx) => {
    const game = gameOf(ctx);
    let q = ctx.db.selectFrom('batch_fix_jobs').where('game', '=', game);
    if (input.name) q = q.where('name', '=', input.name);
    return listPage(q, q.selectAll().orderBy('id', 'desc'), input, (r) => toJob(r, ctx.now));
  },

  'batchFix.job': async (input, ctx) => toJob(await mustFindJob(ctx, gameOf(ctx), input.jobId), ctx.now),

  'batchFix.cancel': async (input, ctx) => {
    const game = gameOf(ctx);
    ctx.audit.target = `job:${input.jobId}`;
    const row = await mustFindJob(ctx, game, input.jobId);
    ctx.audit.target = `${row.name} (job ${row.id})`;
    ctx.audit.before = toJob(row, ctx.now);
    const active = (ACTIVE_JOB_STATUSES as readonly string[]).includes(row.status) && !isStale(row, ctx.now);
    if (!active) {
      const status = toJob(row, ctx.now).status;
      throw problem(
        Codes.CONFLICT,
        `Run ${row.id} (${row.name}) has already ended (${status}); there is nothing to cancel`,
        `任务 ${row.id}（${row.name}）已结束（${status}），无需取消`,
      );
    }
    // A queued run has not begun: it ends here. A running one stops before its next batch.
    const updated = await ctx.db
      .updateTable('batch_fix_jobs')
      .set(
        row.status === 'queued'
          ? { status: 'cancelled', cancel_requested: true, finished_at: ctx.now }
          : { cancel_requested: true },
      )
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return auditedResult(ctx, toJob(updated, ctx.now));
  },
};
