import type { CatalogueEntry, CodeKind } from '../../shared/api/giftCodes.js';
import type { GameId } from '../../shared/games.js';
import type { FieldErrors } from '../kit/form.js';
import { localInputToIso, toLocalInput } from '../moderation/expiry.js';
import { endpointsOf } from './codes.js';
import { minorToMajorText, parseMajorText } from '../components/money.js';

/**
 * The "new batch" form of both kinds, bound to the create call (kit/form): the draft as the
 * operator types it (texts, so a half-typed number stays on screen), what converts (numbers,
 * dates, the grant from its lines or shop item and price), and what the schema cannot say (the
 * order of the dates, the same item twice, a price that is not an amount).
 */

export type BatchField = Exclude<keyof BatchDraft, 'kind' | 'rewards' | 'shopItemId'> | 'grant';

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

const TEXTS = 'giftCodes.fields';

/** The form over the kind's create call; `digits` are the shop currency's minor digits. */
export function batchForm(game: GameId, kind: CodeKind, digits: number, nowMs: number) {
  const date = (f: 'validFrom' | 'validUntil') => (d: BatchDraft) => localInputToIso(d[f]) ?? d[f];
  return {
    endpoint: endpointsOf(kind).create,
    name: 'batch',
    texts: TEXTS,
    initial: emptyBatch(kind, nowMs),
    fixed: { game },
    parse: {
      count: (d: BatchDraft) => wholeNumber(d.count),
      prefix: (d: BatchDraft) => d.prefix.trim().toUpperCase(),
      grant: (d: BatchDraft) => grantOf(d, digits).grant,
      validFrom: date('validFrom'),
      validUntil: date('validUntil'),
      usesPerCode: (d: BatchDraft) => wholeNumber(d.usesPerCode),
      usesPerPlayer: (d: BatchDraft) => wholeNumber(d.usesPerPlayer),
    },
    refine: (found: FieldErrors<string>, d: BatchDraft) => refineBatch(found, d, digits),
    invalid: (f: string) => (f === 'grant' ? `${TEXTS}.grant.invalid.${kind}` : undefined),
    clears: (changed: keyof BatchDraft): readonly BatchField[] =>
      changed === 'rewards' || changed === 'shopItemId'
        ? ['grant', 'price']
        : changed === 'validFrom' || changed === 'validUntil'
          ? ['validFrom', 'validUntil']
          : changed === 'kind'
            ? []
            : [changed],
  };
}

/** What the schema cannot see: an unreadable price, an item twice, dates out of order. */
function refineBatch(found: FieldErrors<string>, d: BatchDraft, digits: number): FieldErrors<string> {
  const errors = { ...found };
  if (grantOf(d, digits).priceBad) {
    errors.price = `${TEXTS}.price.invalid`;
    // A price the form cannot read is the price's fault, not the grant's.
    if (d.shopItemId !== '') delete errors.grant;
  }
  if (d.kind === 'activeCode') {
    const ids = d.rewards.map((r) => r.itemId).filter((id) => id !== '');
    if (new Set(ids).size !== ids.length) errors.grant = 'giftCodes.invalid.duplicateReward';
  }
  const from = localInputToIso(d.validFrom);
  const until = localInputToIso(d.validUntil);
  if (from && until && Date.parse(until) <= Date.parse(from))
    errors.validUntil = 'giftCodes.invalid.validOrder';
  return errors;
}
