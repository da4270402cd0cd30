import type { CatalogueEntry, CodeKind } from '../../shared/api/giftCodes.js';
import type { InputOf } from '../../shared/api/table.js';
import type { GameId } from '../../shared/games.js';
import { outcome, schemaErrors, type Checked, type FieldErrors } from '../kit/form.js';
import { localInputToIso, toLocalInput } from '../moderation/expiry.js';
import { endpointsOf } from './codes.js';
import { minorToMajorText, parseMajorText } from '../components/money.js';

/**
 * The "new batch" form of both kinds: the draft as the operator types it (texts, so a half-typed
 * number stays on screen), and its mapping to the create call's input, checked by the contract's
 * own schema; what the schema cannot say (the order of the dates, the same item twice, a price
 * that is not an amount) is checked here.
 */

export const BATCH_FIELDS = [
  'name',
  'count',
  'prefix',
  'channel',
  'grant',
  'price',
  'validFrom',
  'validUntil',
  'usesPerCode',
  'usesPerPlayer',
  'reason',
] as const;
export type BatchField = (typeof BATCH_FIELDS)[number];

export interface RewardLine {
  /** A stable React key for the line (lines are added and removed). */
  key: number;
  /** The item id as the select holds it; '' until chosen. */
  itemId: string;
  count: string;
}

export interface BatchDraft {
  kind: CodeKind;
  name: string;
  count: string;
  prefix: string;
  channel: string;
  rewards: RewardLine[];
  /** Shop tickets: the shop item ('' until chosen) and the ticket's price in major units. */
  shopItemId: string;
  price: string;
  /** datetime-local texts, local time. */
  validFrom: string;
  validUntil: string;
  usesPerCode: string;
  usesPerPlayer: string;
  reason: string;
}

export type CreateBatchInput = InputOf<'activeCodes.create'>;

const DAY_MS = 24 * 60 * 60 * 1000;
/** A new batch is valid from now for 30 days unless the operator says otherwise. */
export const DEFAULT_VALID_DAYS = 30;

export function emptyBatch(kind: CodeKind, nowMs: number): BatchDraft {
  return {
    kind,
    name: '',
    count: '1',
    prefix: '',
    channel: '',
    rewards: [{ key: 1, itemId: '', count: '1' }],
    shopItemId: '',
    price: '',
    validFrom: toLocalInput(new Date(nowMs)),
    validUntil: toLocalInput(new Date(nowMs + DEFAULT_VALID_DAYS * DAY_MS)),
    usesPerCode: '1',
    usesPerPlayer: '1',
    reason: '',
  };
}

/** A new empty reward line after the draft's last. */
export function addRewardLine(lines: readonly RewardLine[]): RewardLine[] {
  const key = lines.reduce((m, l) => Math.max(m, l.key), 0) + 1;
  return [...lines, { key, itemId: '', count: '1' }];
}

/**
 * A shop item chosen: the ticket's price starts at the item's list price (the operator lowers it
 * for a discount ticket), in the shop's currency's major units.
 */
export function withShopItem(
  draft: BatchDraft,
  itemId: string,
  items: readonly CatalogueEntry[],
  digits: number,
): Pick<BatchDraft, 'shopItemId' | 'price'> {
  const item = items.find((i) => String(i.id) === itemId);
  return {
    shopItemId: itemId,
    price: item?.price === undefined ? draft.price : minorToMajorText(item.price, digits),
  };
}

/**
 * A whole number as typed, as a number; anything else goes to the schema as it is, which then
 * refuses it for that field (so "12abc" is an error, never 12).
 */
function wholeNumber(text: string): number | string {
  const t = text.trim();
  return /^\d{1,15}$/.test(t) ? Number(t) : t;
}

function idOf(text: string): number | string {
  return /^\d{1,15}$/.test(text) ? Number(text) : text;
}

/** The grant a draft stands for (what the schema checks), or null with the price unreadable. */
export function grantOf(draft: BatchDraft, digits: number): { grant: unknown; priceBad: boolean } {
  if (draft.kind === 'activeCode') {
    return {
      grant: {
        kind: 'items',
        rewards: draft.rewards.map((r) => ({ itemId: idOf(r.itemId), count: wholeNumber(r.count) })),
      },
      priceBad: false,
    };
  }
  const minor = parseMajorText(draft.price, digits);
  return {
    grant: { kind: 'shopItem', shopItemId: idOf(draft.shopItemId), price: minor ?? -1 },
    priceBad: minor === null,
  };
}

export const batchInvalidKey = (field: BatchField, draft: Pick<BatchDraft, 'kind'>): string =>
  field === 'grant' ? `giftCodes.invalid.grant.${draft.kind}` : `giftCodes.invalid.${field}`;

/** The draft as the create call's input, or what is wrong with it, field by field. */
export function checkBatch(
  game: GameId,
  draft: BatchDraft,
  digits: number,
): Checked<CreateBatchInput, BatchField> {
  const { grant, priceBad } = grantOf(draft, digits);
  const validFrom = localInputToIso(draft.validFrom);
  const validUntil = localInputToIso(draft.validUntil);
  const candidate = {
    game,
    name: draft.name.trim(),
    count: wholeNumber(draft.count),
    prefix: draft.prefix.trim().toUpperCase(),
    channel: draft.channel.trim(),
    grant,
    validFrom: validFrom ?? draft.validFrom,
    validUntil: validUntil ?? draft.validUntil,
    usesPerCode: wholeNumber(draft.usesPerCode),
    usesPerPlayer: wholeNumber(draft.usesPerPlayer),
    reason: draft.reason.trim(),
  };
  const key = (f: BatchField) => batchInvalidKey(f, draft);
  const errors: FieldErrors<BatchField> = schemaErrors(
    endpointsOf(draft.kind).create,
    candidate,
    BATCH_FIELDS,
    key,
  );
  if (priceBad) {
    errors.price = key('price');
    // A price the form cannot read is the price's fault, not the grant's.
    if (draft.shopItemId !== '') delete errors.grant;
  }
  if (draft.kind === 'activeCode') {
    const ids = draft.rewards.map((r) => r.itemId).filter((id) => id !== '');
    if (new Set(ids).size !== ids.length) errors.grant = 'giftCodes.invalid.duplicateReward';
  }
  if (validFrom && validUntil && Date.parse(validUntil) <= Date.parse(validFrom))
    errors.validUntil = 'giftCodes.invalid.validOrder';
  return outcome(candidate as CreateBatchInput, errors);
}
