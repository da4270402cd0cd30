import { MAX_COHORT_DAYS, MAX_REPORT_DAYS, type reportsEndpoints } from '../../shared/api/reports.js';
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

// Where the figures were read (a replica's lag) is added by the endpoint: reports are replicaReads.
export const reportsHandlers: HandlerMap<typeof reportsEndpoints> = {
  'reports.daily': (input, ctx) => dailyReport(ctx.db, argsOf(input, ctx)),
  'reports.shopDaily': (input, ctx) => shopDailyReport(ctx.db, argsOf(input, ctx)),
  'reports.recharge': (input, ctx) => rechargeStats(ctx.db, argsOf(input, ctx)),
  'reports.charge': (input, ctx) => chargeStats(ctx.db, argsOf(input, ctx)),
  'reports.cohorts': (input, ctx) => cohortGrid(ctx.db, argsOf(input, ctx, MAX_COHORT_DAYS)),
};
