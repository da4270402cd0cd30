import { RECENT_LOG_DAYS, type playersEndpoints } from '../../shared/api/players.js';
import { auditPage } from '../audit/record.js';
import { listPage } from '../db/paging.js';
import type { EndpointHandler, HandlerContext } from '../http/context.js';
import { mustFindPlayer } from './lookup.js';
import { ensurePlayerData } from './materialise.js';

/**
 * The player's game log, split at RECENT_LOG_DAYS before the server's clock: logs are the recent
 * part, prelogs (history) everything older; both newest first, optionally of one kind. And the
 * audit trail of what operators did to the player.
 */

type Endpoints = typeof playersEndpoints;
type LogInput = Parameters<EndpointHandler<Endpoints['players.logs']>>[0];

const DAY_MS = 86_400_000;

async function logPage(input: LogInput, ctx: HandlerContext, recent: boolean) {
  const player = await mustFindPlayer(ctx.db, input.game, input.id);
  await ensurePlayerData(ctx.db, input.game, player, ctx.now);
  const split = new Date(ctx.now.getTime() - RECENT_LOG_DAYS * DAY_MS);
  let q = ctx.db
    .selectFrom('player_logs')
    .where('game', '=', input.game)
    .where('player_id', '=', player.id)
    .where('at', recent ? '>=' : '<', split);
  if (input.kind) q = q.where('kind', '=', input.kind);
  const ordered = q.select(['id', 'at', 'kind', 'detail', 'ip']).orderBy('at', 'desc').orderBy('id', 'desc');
  return listPage(q, ordered, input, (r) => ({ ...r, at: r.at.toISOString() }));
}

export const logs: EndpointHandler<Endpoints['players.logs']> = (input, ctx) => logPage(input, ctx, true);

export const prelogs: EndpointHandler<Endpoints['players.prelogs']> = (input, ctx) =>
  logPage(input, ctx, false);

export const audit: EndpointHandler<Endpoints['players.audit']> = async (input, ctx) => {
  const player = await mustFindPlayer(ctx.db, input.game, input.id);
  return auditPage(
    ctx.db.selectFrom('audit_log').where('game', '=', input.game).where('target', '=', player.id),
    input,
  );
};
