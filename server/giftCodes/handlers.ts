import { sql } from 'kysely';
import type { z } from 'zod';
import {
  type BatchSort,
  type BatchState,
  type CodeInfo,
  type CodeKind,
  type createBatchInputSchema,
  type giftCodesEndpoints,
  KIND_CAPABILITY,
} from '../../shared/api/giftCodes.js';
import { under } from '../../shared/api/endpoint.js';
import { Codes } from '../../shared/codes.js';
import type { FieldIssue } from '../../shared/envelope.js';
import type { GameId } from '../../shared/games.js';
import { containsPattern, listPage } from '../db/paging.js';
import { sortedBy } from '../db/sorting.js';
import { jsonValue } from '../db/schema.js';
import { signedInOf, type EndpointHandler, type HandlerContext, type HandlerMap } from '../http/context.js';
import { problem } from '../http/problem.js';
import { THEMES } from '../players/themes/index.js';
import {
  gameNames,
  insertCodes,
  mustFindBatch,
  mustFindCode,
  toBatch,
  toCodeInfo,
  type BatchRow,
  type CodeRow,
} from './batches.js';
import { toCsv } from './codes.js';
import { redeem } from './redeem.js';

/**
 * The calls of activation codes and shop tickets. Both kinds share every handler, made once per
 * kind by `kindHandlers`; a batch or code of the other kind is not found under this kind's root.
 */

type Endpoints = typeof giftCodesEndpoints;
type CreateInput = z.output<typeof createBatchInputSchema>;
type Kinded<K extends string> = {
  [P in keyof Endpoints as P extends `${K}.${infer R}` ? R : never]: EndpointHandler<Endpoints[P]>;
};
type KindHandlers = Kinded<typeof KIND_CAPABILITY.activeCode>;

/** Redemptions a code's lookup shows, newest first. */
const REDEMPTIONS_SHOWN = 50;

function invalid(path: string, en: string, zh: string): never {
  const details: FieldIssue[] = [{ path, message: en }];
  throw problem(
    Codes.VALIDATION,
    `Some input is not valid: ${path}: ${en}`,
    `输入有误：${path}：${zh}`,
    details,
  );
}

/** What the schema cannot check alone: the grant fits the kind and names the game's catalogue; dates in order. */
function checkCreate(kind: CodeKind, game: GameId, input: CreateInput, now: Date): void {
  const theme = THEMES[game];
  const names = gameNames(game);
  const { grant } = input;
  if (kind === 'activeCode' && grant.kind !== 'items') {
    invalid(
      'grant.kind',
      'an activation code grants items (kind "items")',
      '激活码发放物品（kind 为 "items"）',
    );
  }
  if (kind === 'shopTicket' && grant.kind !== 'shopItem') {
    invalid(
      'grant.kind',
      'a shop ticket grants one shop item (kind "shopItem")',
      '商城券对应一个商城商品（kind 为 "shopItem"）',
    );
  }
  if (grant.kind === 'items') {
    const seen = new Set<number>();
    grant.rewards.forEach((r, i) => {
      if (!theme.items.some((it) => it.id === r.itemId)) {
        invalid(
          `grant.rewards.${i}.itemId`,
          `${names.en} has no item ${r.itemId}; choose one from the game's item list`,
          `${names['zh-CN']}没有编号为 ${r.itemId} 的物品；请从游戏物品列表中选择`,
        );
      }
      if (seen.has(r.itemId)) {
        invalid(
          `grant.rewards.${i}.itemId`,
          `item ${r.itemId} is listed twice; give it once with the total count`,
          `物品 ${r.itemId} 重复；请合并为一行并填写总数`,
        );
      }
      seen.add(r.itemId);
    });
  } else if (!theme.shop.some((s) => s.id === grant.shopItemId)) {
    invalid(
      'grant.shopItemId',
      `${names.en} has no shop item ${grant.shopItemId}; choose one from the game's shop`,
      `${names['zh-CN']}没有编号为 ${grant.shopItemId} 的商城商品；请从游戏商城中选择`,
    );
  }
  const from = new Date(input.validFrom);
  const until = new Date(input.validUntil);
  if (until <= from) {
    invalid(
      'validUntil',
      'the end of validity must be after its start (validUntil after validFrom)',
      '有效期结束时间必须晚于开始时间（validUntil 晚于 validFrom）',
    );
  }
  if (until <= now) {
    invalid('validUntil', 'the end of validity is already past', '有效期结束时间已经过去');
  }
}

/** The SQL condition of a batch state at `now` (as batchStateAt decides it). */
function stateCondition(state: BatchState, now: Date) {
  const usedUp = sql<boolean>`used::bigint >= total::bigint * uses_per_code`;
  switch (state) {
    case 'disabled':
      return sql<boolean>`not enabled`;
    case 'notYetValid':
      return sql<boolean>`enabled and valid_from > ${now}`;
    case 'expired':
      return sql<boolean>`enabled and valid_from <= ${now} and valid_until <= ${now}`;
    case 'usedUp':
      return sql<boolean>`enabled and valid_from <= ${now} and valid_until > ${now} and ${usedUp}`;
    case 'active':
      return sql<boolean>`enabled and valid_from <= ${now} and valid_until > ${now} and not (${usedUp})`;
  }
}

async function codeInfo(ctx: HandlerContext, code: CodeRow, batch: BatchRow): Promise<CodeInfo> {
  const redemptions = await ctx.db
    .selectFrom('gift_code_redemptions')
    .select(['player_id', 'server_id', 'at'])
    .where('game', '=', code.game)
    .where('code', '=', code.code)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(REDEMPTIONS_SHOWN)
    .execute();
  return {
    ...toCodeInfo(code, batch, ctx.now),
    redemptions: redemptions.map((r) => ({
      playerId: r.player_id,
      serverId: r.server_id,
      at: r.at.toISOString(),
    })),
  };
}

const batchTarget = (b: BatchRow) => `${b.name} (#${b.id})`;

export const EXPORT_HEADER = [
  'code',
  'uses',
  'uses_per_code',
  'state',
  'last_redeemed_by',
  'last_redeemed_at',
] as const;

/** The batch sort keys' columns: each follows the game and kind on an index (gift codes' migrations 0001 and 0003_batch_sorts). */
const BATCH_SORT_COLUMNS: Record<BatchSort, string> = {
  createdAt: 'created_at',
  name: 'name',
  validUntil: 'valid_until',
};

function kindHandlers(kind: CodeKind): KindHandlers {
  return {
    batches: async (input, ctx) => {
      let q = ctx.db.selectFrom('gift_code_batches').where('game', '=', input.game).where('kind', '=', kind);
      if (input.q) {
        const pattern = containsPattern(input.q);
        q = q.where((eb) => eb.or([eb('name', 'ilike', pattern), eb('prefix', 'ilike', pattern)]));
      }
      if (input.channel) q = q.where('channel', '=', input.channel);
      if (input.state) q = q.where(stateCondition(input.state, ctx.now));
      const ordered = sortedBy(
        q.selectAll(),
        input,
        BATCH_SORT_COLUMNS,
        (n) => n.orderBy('created_at', 'desc').orderBy('id', 'desc'),
        'id',
      );
      return listPage(q, ordered, input, (row) => toBatch(row, ctx.now));
    },

    create: async (input, ctx) => {
      ctx.audit.target = input.name;
      ctx.audit.before = null;
      checkCreate(kind, input.game, input, ctx.now);
      const batch = await ctx.db
        .insertInto('gift_code_batches')
        .values({
          game: input.game,
          kind,
          name: input.name,
          prefix: input.prefix,
          channel: input.channel,
          grant_spec: jsonValue(input.grant),
          valid_from: new Date(input.validFrom),
          valid_until: new Date(input.validUntil),
          uses_per_code: input.usesPerCode,
          uses_per_player: input.usesPerPlayer,
          total: input.count,
          reason: input.reason,
          created_by: signedInOf(ctx).operator.name,
          created_at: ctx.now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await insertCodes(ctx.db, input.game, batch.id, input.prefix, input.count);
      const out = toBatch(batch, ctx.now);
      // The entry says what was made; never the codes (they are worth money).
      ctx.audit.after = out;
      return out;
    },

    batch: async (input, ctx) =>
      toBatch(await mustFindBatch(ctx.db, input.game, kind, input.batchId), ctx.now),

    codes: async (input, ctx) => {
      const batch = await mustFindBatch(ctx.db, input.game, kind, input.batchId);
      let q = ctx.db.selectFrom('gift_codes').where('batch_id', '=', batch.id);
      if (input.used === 'true') q = q.where('uses', '>', 0);
      if (input.used === 'false') q = q.where('uses', '=', 0);
      const ordered = q.selectAll().orderBy('code');
      return listPage(q, ordered, input, (row) => toCodeInfo(row, batch, ctx.now));
    },

    export: async (input, ctx) => {
      ctx.audit.target = `#${input.batchId}`;
      const batch = await mustFindBatch(ctx.db, input.game, kind, input.batchId);
      ctx.audit.target = batchTarget(batch);
      const before = toBatch(batch, ctx.now);
      ctx.audit.before = before;
      const rows = await ctx.db
        .selectFrom('gift_codes')
        .selectAll()
        .where('batch_id', '=', batch.id)
        .orderBy('code')
        .execute();
      const csv = toCsv(
        EXPORT_HEADER,
        rows.map((r) => {
          const info = toCodeInfo(r, batch, ctx.now);
          return [
            r.code,
            r.uses,
            batch.uses_per_code,
            info.state,
            r.last_player_id,
            r.last_redeemed_at?.toISOString() ?? null,
          ];
        }),
      );
      const filename = `${input.game}-${kind}-${batch.id}.csv`;
      ctx.audit.after = { exported: true, filename, rows: rows.length };
      return { filename, csv, rows: rows.length };
    },

    setBatchEnabled: async (input, ctx) => {
      ctx.audit.target = `#${input.batchId}`;
      const batch = await mustFindBatch(ctx.db, input.game, kind, input.batchId);
      ctx.audit.target = batchTarget(batch);
      ctx.audit.before = toBatch(batch, ctx.now);
      const updated = await ctx.db
        .updateTable('gift_code_batches')
        .set({ enabled: input.enabled })
        .where('id', '=', batch.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      const out = toBatch(updated, ctx.now);
      ctx.audit.after = out;
      return out;
    },

    status: async (input, ctx) => {
      const { code, batch } = await mustFindCode(ctx.db, input.game, kind, input.code);
      return codeInfo(ctx, code, batch);
    },

    setCodeEnabled: async (input, ctx) => {
      ctx.audit.target = input.code;
      const { code, batch } = await mustFindCode(ctx.db, input.game, kind, input.code);
      const before = await codeInfo(ctx, code, batch);
      ctx.audit.before = before;
      const updated = await ctx.db
        .updateTable('gift_codes')
        .set({ enabled: input.enabled })
        .where('game', '=', code.game)
        .where('code', '=', code.code)
        .returningAll()
        .executeTakeFirstOrThrow();
      const out = { ...before, ...toCodeInfo(updated, batch, ctx.now) };
      ctx.audit.after = out;
      return out;
    },

    redeem: (input, ctx) => redeem(kind, input, ctx),
  };
}

export const giftCodesHandlers: HandlerMap<Endpoints> = {
  ...under(KIND_CAPABILITY.activeCode, kindHandlers('activeCode')),
  ...under(KIND_CAPABILITY.shopTicket, kindHandlers('shopTicket')),
  'catalogue.items': async (input) => ({
    items: THEMES[input.game].items.map((i) => ({ id: i.id, name: i.name })),
  }),
  'catalogue.shopItems': async (input) => {
    const theme = THEMES[input.game];
    return {
      items: theme.shop.map((s) => ({ id: s.id, name: s.name, price: s.price, currency: theme.currency })),
      currency: theme.currency,
    };
  },
  'catalogue.rechargePacks': async (input) => {
    const theme = THEMES[input.game];
    return {
      items: theme.recharge.map((p) => ({
        id: p.id,
        name: p.name,
        price: p.price,
        currency: theme.currency,
      })),
      currency: theme.currency,
    };
  },
};
