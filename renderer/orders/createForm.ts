import type { GameId } from '../../shared/games.js';
import type { FieldErrors } from '../kit/form.js';
import type { BoundState } from '../kit/form/useBoundForm.js';
import { parseMajor } from '../components/money.js';

/**
 * The create-order form, bound to the create call (kit/form): the draft as typed, and what
 * converts. The amount is typed in major units and sent in minor units of the game's currency;
 * for a recharge pack it is the pack's price (the server prices a pack from its catalogue anyway,
 * so the form shows that price rather than let an operator type one that would be ignored). The
 * grant is built from its parts: the kind, the chosen pack, the item lines.
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

/** The fields that can be wrong: the draft's, and the grant built from its parts. */
export type CreateField = keyof CreateDraft | 'grant';

/** The form's state as its parts (the player picker, the grant, the amount) read and change it. */
export type CreateOrderForm = BoundState<CreateDraft, CreateField>;

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

/** A number as typed when it is one; anything else goes to the schema as it is, which refuses it. */
function numberOf(text: string): number | string {
  const t = text.trim();
  return /^\d{1,15}$/.test(t) ? Number(t) : t;
}

/** The grant a draft stands for, as the schema checks it. */
export function grantOf(d: CreateDraft): unknown {
  if (d.kind === 'recharge') return { kind: 'recharge', productId: numberOf(d.packId) };
  if (d.kind === 'amount') return { kind: 'amount' };
  return {
    kind: 'items',
    rewards: d.items.map((l) => ({ itemId: numberOf(l.itemId), count: numberOf(l.count) })),
  };
}

const TEXTS = 'orders.create.fields';

/** What is wrong with the item lines, first problem first (the schema only says "the grant"). */
function itemsProblem(lines: readonly ItemLine[]): string {
  const counts = lines.map((l) => numberOf(l.count));
  if (lines.length === 0) return 'empty';
  if (lines.length > MAX_ITEM_LINES) return 'many';
  if (lines.some((l) => typeof numberOf(l.itemId) !== 'number' || Number(l.itemId) <= 0)) return 'choose';
  if (counts.some((c) => typeof c !== 'number' || c < 1 || c > 1_000_000)) return 'count';
  return 'twice';
}

/** The amount's problem: unreadable, not more than zero, or above the largest order. */
function amountProblem(d: CreateDraft, currency: string | null | undefined): string {
  const minor = parseMajor(d.amount, currency);
  return minor === null ? 'format' : minor < 1 ? 'min' : minor > MAX_AMOUNT_MINOR ? 'max' : 'format';
}

/**
 * The form over `orders.create` in `game`; `requestId` is the form's one request id, `currency`
 * and `packs` what the game's settings and catalogue say (undefined while they load).
 */
export function createOrderForm(
  game: GameId,
  requestId: string,
  currency: string | undefined,
  packs: readonly PackEntry[] | undefined,
) {
  return {
    endpoint: 'orders.create' as const,
    name: 'order-create',
    texts: TEXTS,
    initial: EMPTY_DRAFT,
    fixed: { game, requestId },
    parse: {
      grant: grantOf,
      // An amount the form cannot read goes as typed, so the schema refuses it for the amount.
      amount: (d: CreateDraft) =>
        draftAmount(d, currency, packs) ?? (d.kind === 'recharge' ? undefined : d.amount),
    },
    invalid: (f: string, d: CreateDraft) =>
      f === 'grant'
        ? `${TEXTS}.grant.invalid.${d.kind === 'recharge' ? 'pack' : itemsProblem(d.items)}`
        : f === 'amount'
          ? `${TEXTS}.amount.invalid.${amountProblem(d, currency)}`
          : undefined,
    refine: (found: FieldErrors<string>, d: CreateDraft) => refineCreate(found, d, packs),
    clears: (changed: keyof CreateDraft): readonly CreateField[] =>
      changed === 'kind' || changed === 'packId'
        ? ['grant', 'amount']
        : changed === 'items'
          ? ['grant']
          : [changed],
  };
}

/**
 * What the schema cannot see: a pack that is not in the game's list (its price unknown: the pack
 * is what is missing, not the amount), and the same item on two lines.
 */
function refineCreate(
  found: FieldErrors<string>,
  d: CreateDraft,
  packs: readonly PackEntry[] | undefined,
): FieldErrors<string> {
  const errors = { ...found };
  if (d.kind === 'recharge' && packPrice(d, packs) === null) {
    errors.grant = `${TEXTS}.grant.invalid.pack`;
    delete errors.amount;
  }
  if (d.kind === 'items' && !errors.grant) {
    const ids = d.items.map((l) => l.itemId);
    if (new Set(ids).size !== ids.length) errors.grant = `${TEXTS}.grant.invalid.twice`;
  }
  return errors;
}

/** Whether an order of this amount waits for a second ADMIN (at or above the threshold). */
export const needsApproval = (amountMinor: number | null, threshold: number | undefined): boolean =>
  amountMinor !== null && threshold !== undefined && amountMinor >= threshold;

/** The SUPER's form over `orders.saveSettings`: the threshold in major units, and a reason. */
export function thresholdForm(game: GameId, currency: string, threshold: string) {
  return {
    endpoint: 'orders.saveSettings' as const,
    name: 'order-settings',
    texts: 'orders.settings.fields',
    initial: { approvalThreshold: threshold, reason: '' },
    fixed: { game },
    parse: {
      approvalThreshold: (d: { approvalThreshold: string }) =>
        parseMajor(d.approvalThreshold, currency) ?? d.approvalThreshold,
    },
  };
}
