import { sql, type Kysely } from 'kysely';
import { routePattern } from '../shared/api/endpoint.js';
import { ENDPOINTS, ENDPOINT_IDS } from '../shared/api/table.js';
import { GAME_IDS } from '../shared/games.js';
import type { Database } from '../server/db/schema.js';
import { settleTable } from '../server/db/settle.js';

/**
 * The system logs at size: BENCH_AUDIT_ROWS audit entries (default 1,000,000) spread over the
 * last 90 days, with the shape a studio's trail has (a few dozen operators, sign-ins without a
 * game, one failure in about twenty), then the filters the page offers, timed through the API.
 */

export const AUDIT_ROWS = Number(process.env['BENCH_AUDIT_ROWS'] ?? 1_000_000);
const OPERATORS = 40;
const DAYS = 90;

/** Every action the backend audits, plus sign-in and sign-out (as the trail has them). */
const ACTIONS = [
  ...new Set(['auth.login', 'auth.logout', ...ENDPOINT_IDS.filter((id) => ENDPOINTS[id].audit)]),
];

/** One statement, made by the database: a million rows in seconds rather than minutes of inserts. */
export async function seedAuditRows(db: Kysely<Database>, now: Date, rows = AUDIT_ROWS): Promise<void> {
  const actions = sql`array[${sql.join(ACTIONS.map((a) => sql.lit(a)))}]::text[]`;
  const games = sql`array[${sql.join(GAME_IDS.map((g) => sql.lit(g)))}]::text[]`;
  const stepMs = Math.floor((DAYS * 86_400_000) / rows);
  await sql`
    insert into audit_log (at, operator_id, operator, action, game, target, reason, outcome, code, before, after, client_ip)
    select
      ${now}::timestamptz - (i * ${stepMs}) * interval '1 millisecond',
      null,
      'op-' || ((i * 7919) % ${OPERATORS}),
      a.action,
      case when a.action like 'auth.%' then null else (${games})[(1 + i % ${GAME_IDS.length})::int] end,
      'target-' || i,
      case when a.action like 'auth.%' then null else 'bench reason ' || (i % 97) end,
      case when i % 19 = 0 then 'error' else 'ok' end,
      case when i % 19 = 0 then 40900 else 1 end,
      case when i % 4 = 0 then jsonb_build_object('level', i % 90) else null end,
      case when i % 4 = 0 then jsonb_build_object('level', i % 90 + 1) else null end,
      '10.' || (i % 250) || '.' || (i % 199) || '.' || (i % 97)
    from generate_series(1::bigint, ${rows}::bigint) as s(i)
    cross join lateral (select (${actions})[(1 + (i * 31) % ${ACTIONS.length})::int] as action) a
  `.execute(db);
  // As autovacuum leaves a table that has settled: the visibility map lets the filters read the
  // indexes alone (a freshly loaded table would send every index entry to the heap).
  await settleTable(db, 'audit_log', true);
}

/** GET path of a system-logs call with its query. */
function logsPath(
  id: 'systemLogs.audit' | 'systemLogs.entry',
  params: Record<string, string | number>,
): string {
  const pattern = routePattern(ENDPOINTS[id]).replace(/:entryId/, String(params['entryId'] ?? ''));
  const q = new URLSearchParams(
    Object.entries(params)
      .filter(([k]) => k !== 'entryId')
      .map(([k, v]) => [k, String(v)]),
  ).toString();
  return q ? `${pattern}?${q}` : pattern;
}

const day = 86_400_000;

/** The filters timed, as the page sends them (20 rows a page). */
export function systemLogQueries(now: Date): { name: string; path: string }[] {
  const iso = (msAgo: number) => new Date(now.getTime() - msAgo).toISOString();
  const q = (name: string, params: Record<string, string | number>) => ({
    name: `system log, ${name} (systemLogs.audit)`,
    path: logsPath('systemLogs.audit', { pageSize: 20, ...params }),
  });
  return [
    q('no filter', {}),
    q('one operator', { operator: 'op-7' }),
    q('one action in one game', { action: 'players.delete', game: 'ymmj' }),
    q('failures of actions', { kind: 'actions', outcome: 'error' }),
    q('sign-ins of one operator', { kind: 'sessions', operator: 'op-3' }),
    q('one day a month ago', { from: iso(31 * day), to: iso(30 * day) }),
    q('one operator, failures, a week', { operator: 'op-11', outcome: 'error', from: iso(7 * day) }),
    q('page 50 of one game', { game: 'lw', page: 50 }),
  ];
}
