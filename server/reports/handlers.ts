import {
  MAX_COHORT_DAYS,
  MAX_REPORT_DAYS,
  type ReadFrom,
  type reportsEndpoints,
} from '../../shared/api/reports.js';
import { gameOf, type HandlerContext, type HandlerMap } from '../http/context.js';
import { checkRange } from './days.js';
import {
  chargeStats,
  cohortGrid,
  dailyReport,
  rechargeStats,
  shopDailyReport,
  type ReportArgs,
} from './read.js';

/** The range of a report call, refused when it ends before it starts or is longer than `max`. */
function argsOf(
  input: { start: string; end: string },
  ctx: HandlerContext,
  max = MAX_REPORT_DAYS,
): ReportArgs {
  checkRange(input.start, input.end, max);
  return { game: gameOf(ctx), start: input.start, end: input.end, now: ctx.now };
}

/** A report with where its figures were read, when a replica could have answered it. */
function sourced<R extends object>(ctx: HandlerContext, report: R): R & { readFrom?: ReadFrom } {
  return ctx.readFrom ? { ...report, readFrom: ctx.readFrom } : report;
}

export const reportsHandlers: HandlerMap<typeof reportsEndpoints> = {
  'reports.daily': async (input, ctx) => sourced(ctx, await dailyReport(ctx.db, argsOf(input, ctx))),
  'reports.shopDaily': async (input, ctx) => sourced(ctx, await shopDailyReport(ctx.db, argsOf(input, ctx))),
  'reports.recharge': async (input, ctx) => sourced(ctx, await rechargeStats(ctx.db, argsOf(input, ctx))),
  'reports.charge': async (input, ctx) => sourced(ctx, await chargeStats(ctx.db, argsOf(input, ctx))),
  'reports.cohorts': async (input, ctx) =>
    sourced(ctx, await cohortGrid(ctx.db, argsOf(input, ctx, MAX_COHORT_DAYS))),
};
