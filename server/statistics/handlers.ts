import { MAX_API_DAYS, MAX_STATS_DAYS, type statisticsEndpoints } from '../../shared/api/statistics.js';
import { Codes } from '../../shared/codes.js';
import { gameOf, type HandlerContext, type HandlerMap } from '../http/context.js';
import { problem } from '../http/problem.js';
import { checkRange } from '../reports/days.js';
import { reportTimeZone } from '../reports/zone.js';
import { addressAccounts, addressList, signInsOf } from './addresses.js';
import { apiStats } from './api-calls.js';
import { matchDetail, matchesOfDay, matchStats } from './matches.js';
import { meterOf } from './meter.js';
import { matchKindsOf } from './modes.js';

/** The game, the studio's zone and a checked range of days. */
async function rangeOf(input: { start: string; end: string }, ctx: HandlerContext, max: number) {
  checkRange(input.start, input.end, max);
  return { game: gameOf(ctx), start: input.start, end: input.end, zone: await reportTimeZone(ctx.db) };
}

/** Refuses a mode the game does not play, saying which it does. */
function checkMode(ctx: HandlerContext, mode: string | undefined): void {
  const modes = matchKindsOf(gameOf(ctx))?.modes ?? [];
  if (mode !== undefined && !modes.includes(mode))
    throw problem(
      Codes.VALIDATION,
      `There is no mode "${mode}" in this game; its modes are: ${modes.join(', ') || 'none'}.`,
      `该游戏没有模式“${mode}”；它的模式有：${modes.join('、') || '无'}。`,
      [{ path: 'mode', message: `one of: ${modes.join(', ')}` }],
    );
}

export const statisticsHandlers: HandlerMap<typeof statisticsEndpoints> = {
  'matchStats.days': async (input, ctx) => matchStats(ctx.db, await rangeOf(input, ctx, MAX_STATS_DAYS)),
  'matchStats.matches': async (input, ctx) => {
    checkMode(ctx, input.mode);
    const zone = await reportTimeZone(ctx.db);
    const page = await matchesOfDay(ctx.db, { ...input, game: gameOf(ctx), zone });
    return { ...page, timeZone: zone };
  },
  'matchStats.detail': async (input, ctx) =>
    matchDetail(ctx.db, { game: gameOf(ctx), matchId: input.matchId, zone: await reportTimeZone(ctx.db) }),
  'apiStats.hours': async (input, ctx) => {
    // What this server measured so far counts too: the figures include the calls just made.
    await meterOf(ctx.deps).flush(ctx.deps.db);
    return apiStats(ctx.db, { ...(await rangeOf(input, ctx, MAX_API_DAYS)), scope: input.scope });
  },
  'ipStats.list': (input, ctx) => addressList(ctx.db, { ...input, game: gameOf(ctx) }),
  'ipStats.accounts': (input, ctx) => addressAccounts(ctx.db, { game: gameOf(ctx), ip: input.ip }),
  'clientIps.list': async (input, ctx) => {
    const range = await rangeOf(input, ctx, MAX_STATS_DAYS);
    const page = await signInsOf(ctx.db, { ...input, ...range });
    return { ...page, timeZone: range.zone };
  },
};
