import type { InputOf } from '../../shared/api/table.js';
import type { GameId } from '../../shared/games.js';
import { isReasonValid } from '../components/reason.js';
import { parseMajor } from '../components/money.js';

/**
 * The create-order form as typed, and the call it makes. The amount is typed in major units and
 * sent in minor units of the game's currency; for a recharge pack it is the pack's price (the
 * server prices a pack from its catalogue anyway, so the form shows that price rather than let an
 * operator type one that would be ignored). Errors are text keys under orders.create.error.
 */

export const GRANT_KINDS = ['recharge', 'amount', 'items'] as const;
export type GrantKind = (typeof GRANT_KINDS)[number];

export interface ItemLine {
  itemId: string;
  count: string;
}

export interface CreateDraft {
  playerId: string;
  kind: GrantKind;
  items: ItemLine[];
  /** The chosen recharge pack's id, as the select holds it ('' = none yet). */
  packId: string;
  amount: string;
  reason: string;
}

export type CreateField = 'playerId' | 'items' | 'pack' | 'amount' | 'reason';

export const EMPTY_DRAFT: CreateDraft = {
  playerId: '',
  kind: 'amount',
  items: [],
  packId: '',
  amount: '',
  reason: '',
};

/** A recharge pack as catalogue.rechargePacks lists it (price in minor units). */
export interface PackEntry {
  id: number;
  price?: number | undefined;
}

/** The chosen pack's price in minor units, or null when no listed pack is chosen. */
export function packPrice(
  d: Pick<CreateDraft, 'packId'>,
  packs: readonly PackEntry[] | undefined,
): number | null {
  const pack = packs?.find((p) => String(p.id) === d.packId);
  return pack?.price ?? null;
}

/** The order's amount in minor units: the pack's price for a pack, else what was typed. */
export function draftAmount(
  d: CreateDraft,
  currency: string | null | undefined,
  packs: readonly PackEntry[] | undefined,
): number | null {
  return d.kind === 'recharge' ? packPrice(d, packs) : parseMajor(d.amount, currency);
}
export const MAX_ITEM_LINES = 20;
const MAX_AMOUNT_MINOR = 100_000_000;

/** A request id for one form: made once, so a double submit is one order (letters and digits). */
export function newRequestId(): string {
  return crypto.randomUUID().replaceAll('-', '');
}

export type CreateInput = InputOf<'orders.create'>;

export function checkCreate(
  game: GameId,
  d: CreateDraft,
  currency: string | null | undefined,
  requestId: string,
  packs?: readonly PackEntry[],
): { input: CreateInput | null; errors: Partial<Record<CreateField, string>> } {
  const errors: Partial<Record<CreateField, string>> = {};
  const playerId = d.playerId.trim();
  if (playerId === '' || playerId.length > 32) errors.playerId = 'playerId';
  const amount = draftAmount(d, currency, packs);
  if (d.kind === 'recharge') {
    if (amount === null) errors.pack = 'packChoose';
  } else if (amount === null) errors.amount = 'amountFormat';
  else if (amount < 1) errors.amount = 'amountMin';
  else if (amount > MAX_AMOUNT_MINOR) errors.amount = 'amountMax';
  let rewards: { itemId: number; count: number }[] = [];
  if (d.kind === 'items') {
    rewards = d.items.map((l) => ({ itemId: Number(l.itemId), count: Number(l.count.trim()) }));
    const seen = new Set<number>();
    if (rewards.length === 0) errors.items = 'itemsEmpty';
    else if (rewards.length > MAX_ITEM_LINES) errors.items = 'itemsMany';
    else if (rewards.some((r) => !Number.isSafeInteger(r.itemId) || r.itemId <= 0))
      errors.items = 'itemsChoose';
    else if (rewards.some((r) => !Number.isSafeInteger(r.count) || r.count < 1 || r.count > 1_000_000))
      errors.items = 'itemsCount';
    else if (rewards.some((r) => (seen.has(r.itemId) ? true : (seen.add(r.itemId), false))))
      errors.items = 'itemsTwice';
  }
  if (!isReasonValid(d.reason.trim())) errors.reason = 'reason';
  if (Object.keys(errors).length > 0 || amount === null) return { input: null, errors };
  return {
    input: {
      game,
      playerId,
      grant:
        d.kind === 'items'
          ? { kind: 'items', rewards }
          : d.kind === 'recharge'
            ? { kind: 'recharge', productId: Number(d.packId) }
            : { kind: 'amount' },
      amount,
      requestId,
      reason: d.reason.trim(),
    },
    errors,
  };
}

/** Whether an order of this amount waits for a second ADMIN (at or above the threshold). */
export const needsApproval = (amountMinor: number | null, threshold: number | undefined): boolean =>
  amountMinor !== null && threshold !== undefined && amountMinor >= threshold;
