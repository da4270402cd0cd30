import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { Codes } from '../../shared/codes.js';
import { ok } from '../../shared/envelope.js';
import { MIGRATIONS, pendingMigrations } from '../db/migrations.js';
import { NO_SECRETS_KEY_TEXT } from '../platform/secrets-key.js';
import type { ServerDeps } from './context.js';
import { problem } from './problem.js';

/**
 * Liveness and readiness apart (issue 21), as a service manager or a load balancer asks them:
 * - `/health`: the process answers. No database query: a database that is down must not get every
 *   instance restarted (they would come back to the same database), only taken out of rotation.
 * - `/ready`: this instance should get requests: it is not stopping, its database answers, and
 *   the database has every migration this version knows. Otherwise 503 with an envelope that says
 *   which, so the balancer sends requests elsewhere while the instance drains or waits.
 */

/** Set when the instance starts to stop: /ready answers 503 from then on, so no new traffic comes. */
export interface ProbeState {
  draining: boolean;
}

type Fail = (req: FastifyRequest, reply: FastifyReply, err: unknown) => unknown;

export function registerProbes(
  app: FastifyInstance,
  deps: ServerDeps,
  version: string,
  state: ProbeState,
  fail: Fail,
): void {
  app.get('/health', async (_req, reply) =>
    reply.send(
      ok({
        status: 'ok',
        database: deps.kind,
        version,
        // Which process answered: under --workers or behind a balancer, the one to look at.
        pid: process.pid,
        // Without it the platform keys' secrets are refused (50300): said here before anyone asks.
        secretsKey: deps.secrets.available
          ? { available: true }
          : { available: false, message: NO_SECRETS_KEY_TEXT.en },
      }),
    ),
  );

  app.get('/ready', async (req, reply) => {
    if (state.draining)
      return fail(
        req,
        reply,
        problem(
          Codes.UNAVAILABLE,
          'This instance is stopping; send requests to another one',
          '此实例正在停止，请将请求发往其他实例',
        ),
      );
    let executed: string[];
    try {
      const rows = await sql<{ name: string }>`select name from kysely_migration`.execute(deps.db);
      executed = rows.rows.map((r) => r.name);
    } catch (err) {
      req.log.error({ err }, 'readiness: the database does not answer');
      return fail(
        req,
        reply,
        problem(
          Codes.UNAVAILABLE,
          'The database does not answer; this instance waits for it',
          '数据库无响应，此实例正在等待数据库恢复',
        ),
      );
    }
    let pending: string[];
    try {
      pending = pendingMigrations(MIGRATIONS, executed).map((m) => m.name);
    } catch (err) {
      // A database migrated by a newer version: this instance must not serve it.
      const message = err instanceof Error ? err.message : String(err);
      return fail(req, reply, problem(Codes.UNAVAILABLE, message, `数据库版本与本实例不符：${message}`));
    }
    if (pending.length > 0)
      return fail(
        req,
        reply,
        problem(
          Codes.UNAVAILABLE,
          `The database still lacks migrations ${pending.join(', ')}; an instance that starts runs them`,
          `数据库尚缺迁移 ${pending.join('、')}；启动的实例会执行它们`,
        ),
      );
    return reply.send(ok({ status: 'ready', database: deps.kind, version, migrations: executed.length }));
  });
}
