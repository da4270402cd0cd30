import { sql } from 'kysely';
import { Codes } from '../../shared/codes.js';
import type { setupEndpoints } from '../../shared/api/setup.js';
import type { HandlerContext, HandlerMap } from '../http/context.js';
import { problem } from '../http/problem.js';
import { DEMO_OPERATORS, DEMO_PASSWORD, seedDemoOperators } from '../seed/operators.js';
import { seedDemoTodos } from '../todo/seed.js';
import { createSuperOperator } from '../users/first-super.js';
import { toOperator } from '../users/operators.js';
import { operatorCount, setupStateOf } from './state.js';

/**
 * First run of the desktop app's embedded backend (shared/api/setup.ts). Both calls are public,
 * so they answer only where no one else can reach them: on a backend started with a launch key
 * (every request carries it, so only main gets here) and in first-run mode. Anywhere else the
 * first super-admin comes from the command line.
 */

function assertSetupOpen(ctx: HandlerContext): void {
  if (ctx.deps.firstRunSetup) return;
  throw problem(
    Codes.FORBIDDEN,
    'First-run setup is only for the desktop app’s embedded backend. On this server, create the ' +
      'first super-admin with `npm run server -- create-super --phone PHONE --name NAME`.',
    '首次设置仅用于桌面应用内置的后端。在此服务器上，请用 ' +
      '`npm run server -- create-super --phone 手机号 --name 名称` 创建第一个超级管理员。',
  );
}

export const setupHandlers: HandlerMap<typeof setupEndpoints> = {
  'setup.status': async (_input, ctx) => {
    assertSetupOpen(ctx);
    return { state: await setupStateOf(ctx.db) };
  },

  'setup.init': async (input, ctx) => {
    assertSetupOpen(ctx);
    ctx.audit.target = input.mode === 'demo' ? 'demo' : (input.phone ?? '');
    // Two first runs at once (two windows, a retry) must not both find the database empty: the
    // lock holds the second until the first has committed its operators (or rolled back).
    await sql`lock table operators in share row exclusive mode`.execute(ctx.db);
    if ((await operatorCount(ctx.db)) > 0) {
      throw problem(
        Codes.CONFLICT,
        'This backend already has operators, so first-run setup is over: sign in instead',
        '该后端已有操作员，首次设置已完成，请直接登录',
      );
    }
    const scrypt = ctx.deps.auth.config.scrypt;
    if (input.mode === 'super') {
      const row = await createSuperOperator(
        ctx.db,
        // The contract's refinement makes these present in super mode.
        { phone: input.phone ?? '', name: input.name ?? '', password: input.password ?? '' },
        scrypt,
        ctx.now,
      );
      ctx.audit.actor = { id: row.id, name: row.name };
      ctx.audit.after = toOperator(row);
    } else {
      await seedDemoOperators(ctx.db, DEMO_PASSWORD, scrypt, ctx.now);
      // Their to-do lists get the demo's items now, from the install's clock, like a demo
      // database seeded with its operators.
      await seedDemoTodos(ctx.db, ctx.now);
      ctx.audit.actor = { id: null, name: 'demo' };
      ctx.audit.after = { demoOperators: DEMO_OPERATORS.map((o) => o.name) };
      // The made-up players, their lists, orders and codes exist only where the demo was chosen.
      // Seeded once the operators have committed: the seed vacuums, which no transaction may do.
      const now = ctx.now;
      const seedGames = () => ctx.deps.seedDemoGames(now);
      if (ctx.afterCommit) ctx.afterCommit(seedGames);
      else await seedGames();
    }
    return { state: await setupStateOf(ctx.db) };
  },
};
