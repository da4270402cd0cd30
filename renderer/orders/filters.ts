import {
  AMOUNT_SLIDER,
  APPROVALS,
  ORDER_KINDS,
  ORDER_STATES,
  PAYMENT_STATUSES,
  PROVIDERS,
  PAY_TAB_FILTERS,
  orderIdSchema,
  type Approval,
  type OrderKind,
  type OrderState,
  type PayTab,
  type PaymentStatus,
  type Provider,
} from '../../shared/api/orders.js';
import type { InputOf } from '../../shared/api/table.js';
import { GAME_IDS, type GameId } from '../../shared/games.js';
import { dayOf, dayRange, isTimeZone } from '../kit/dates.js';
import { pickOne, type ParamPatch } from '../kit/listParams.js';
import { majorToMinor } from '../components/money.js';

/**
 * The order search's filters live in the URL (Back, reload and a shared link keep them), read
 * defensively: a hand-edited value that is not one of the options is no filter. Lists are
 * comma-joined; the amount range is the slider's two stops in thousands ("2-5"); days are the
 * operator's local days, both ends included.
 */

export const ORDER_PARAMS = {
  orderId: 'orderId',
  playerId: 'player',
  providerRef: 'ref',
  paymentStatus: 'status',
  state: 'state',
  provider: 'provider',
  kind: 'kind',
  approval: 'approval',
  amount: 'amount',
  from: 'from',
  to: 'to',
  /** Days the orders were paid in (a report's day of revenue), both ends included. */
  paidFrom: 'paidFrom',
  paidTo: 'paidTo',
  /** The time zone whose days the ranges are (a report's drill-down: the studio's days). */
  zone: 'zone',
  /** Every game's orders (/pay/orders) only: one game's. */
  game: 'game',
  page: 'page',
  /** The order open in the detail drawer. */
  order: 'order',
  /** The sort column and its direction (not `order`, which names the open order). */
  sort: 'sort',
  sortOrder: 'sortOrder',
} as const;

export interface OrderFilters {
  orderId?: string;
  playerId?: string;
  providerRef?: string;
  paymentStatus: PaymentStatus[];
  state: OrderState[];
  provider: Provider[];
  kind?: OrderKind;
  approval?: Approval;
  /** The slider's stops, in thousands of major units, low ≤ high. */
  amount?: [number, number];
  from?: string;
  to?: string;
  /** Paid on these days (orders without a payment never match). */
  paidFrom?: string;
  paidTo?: string;
  /** When set, the days of both ranges are days of this time zone, not the operator's. */
  zone?: string;
  /** Only where the list holds every game's orders (/pay/orders). */
  game?: GameId;
}

export type FilterField = Exclude<keyof OrderFilters, never>;

/** The values each choice filter takes: what the URL is read against, and what the drawer offers. */
export const ORDER_CHOICES = {
  paymentStatus: PAYMENT_STATUSES,
  state: ORDER_STATES,
  provider: PROVIDERS,
  kind: ORDER_KINDS,
  approval: APPROVALS,
} as const;

/** Whether a typed order id is one: the drawer applies no filter that could match nothing. */
export const isOrderId = (value: string): boolean => orderIdSchema.safeParse(value).success;

export const EMPTY_FILTERS: OrderFilters = { paymentStatus: [], state: [], provider: [] };

function listOf<T extends string>(raw: string | null, options: readonly T[]): T[] {
  if (!raw) return [];
  const picked = raw.split(',').flatMap((v) => {
    const one = pickOne(v.trim(), options);
    return one ? [one] : [];
  });
  return [...new Set(picked)];
}

function textOf(raw: string | null, max: number): string | undefined {
  const s = raw?.trim() ?? '';
  return s !== '' && s.length <= max ? s : undefined;
}

/** "2-5" → [2, 5] within the slider's bounds; anything else is no amount filter. */
export function parseAmountRange(raw: string | null): [number, number] | undefined {
  const m = /^(\d{1,3})-(\d{1,3})$/.exec(raw ?? '');
  if (!m) return undefined;
  const lo = Number(m[1]);
  const hi = Number(m[2]);
  if (lo < AMOUNT_SLIDER.min || hi > AMOUNT_SLIDER.max || lo > hi) return undefined;
  return [lo, hi];
}

/** `withGame`: the list holds every game's orders, and the URL may name one (/pay/orders). */
export function readOrderFilters(search: URLSearchParams, withGame = false): OrderFilters {
  const orderIdRaw = textOf(search.get(ORDER_PARAMS.orderId), 40);
  const orderId = orderIdRaw ? orderIdSchema.safeParse(orderIdRaw) : null;
  const f: OrderFilters = {
    paymentStatus: listOf(search.get(ORDER_PARAMS.paymentStatus), ORDER_CHOICES.paymentStatus),
    state: listOf(search.get(ORDER_PARAMS.state), ORDER_CHOICES.state),
    provider: listOf(search.get(ORDER_PARAMS.provider), ORDER_CHOICES.provider),
  };
  if (orderId?.success) f.orderId = orderId.data;
  const playerId = textOf(search.get(ORDER_PARAMS.playerId), 32);
  if (playerId) f.playerId = playerId;
  const providerRef = textOf(search.get(ORDER_PARAMS.providerRef), 64);
  if (providerRef) f.providerRef = providerRef;
  const kind = pickOne(search.get(ORDER_PARAMS.kind), ORDER_CHOICES.kind);
  if (kind) f.kind = kind;
  const approval = pickOne(search.get(ORDER_PARAMS.approval), ORDER_CHOICES.approval);
  if (approval) f.approval = approval;
  const amount = parseAmountRange(search.get(ORDER_PARAMS.amount));
  if (amount) f.amount = amount;
  const fromDay = dayOf(search.get(ORDER_PARAMS.from));
  if (fromDay) f.from = fromDay;
  const toDay = dayOf(search.get(ORDER_PARAMS.to));
  if (toDay) f.to = toDay;
  const paidFrom = dayOf(search.get(ORDER_PARAMS.paidFrom));
  if (paidFrom) f.paidFrom = paidFrom;
  const paidTo = dayOf(search.get(ORDER_PARAMS.paidTo));
  if (paidTo) f.paidTo = paidTo;
  const zone = textOf(search.get(ORDER_PARAMS.zone), 64);
  if (zone && isTimeZone(zone)) f.zone = zone;
  const game = withGame ? pickOne(search.get(ORDER_PARAMS.game), GAME_IDS) : undefined;
  if (game) f.game = game;
  return f;
}

/** The URL change that shows exactly these filters (the others are removed; page 1). */
export function filtersPatch(f: OrderFilters): ParamPatch {
  return {
    [ORDER_PARAMS.orderId]: f.orderId ?? '',
    [ORDER_PARAMS.playerId]: f.playerId ?? '',
    [ORDER_PARAMS.providerRef]: f.providerRef ?? '',
    [ORDER_PARAMS.paymentStatus]: f.paymentStatus.join(','),
    [ORDER_PARAMS.state]: f.state.join(','),
    [ORDER_PARAMS.provider]: f.provider.join(','),
    [ORDER_PARAMS.kind]: f.kind ?? '',
    [ORDER_PARAMS.approval]: f.approval ?? '',
    [ORDER_PARAMS.amount]: f.amount ? `${f.amount[0]}-${f.amount[1]}` : '',
    [ORDER_PARAMS.from]: f.from ?? '',
    [ORDER_PARAMS.to]: f.to ?? '',
    [ORDER_PARAMS.paidFrom]: f.paidFrom ?? '',
    [ORDER_PARAMS.paidTo]: f.paidTo ?? '',
    [ORDER_PARAMS.zone]: f.zone ?? '',
    [ORDER_PARAMS.game]: f.game ?? '',
    [ORDER_PARAMS.order]: '',
  };
}

/** One active filter, shown as a removable tag; `value` names the one entry of a list filter. */
export interface ActiveFilter {
  field: FilterField;
  value?: string;
}

export function activeFilters(f: OrderFilters): ActiveFilter[] {
  const out: ActiveFilter[] = [];
  for (const field of ['orderId', 'playerId', 'providerRef'] as const) if (f[field]) out.push({ field });
  for (const field of ['paymentStatus', 'state', 'provider'] as const)
    for (const value of f[field]) out.push({ field, value });
  for (const field of [
    'game',
    'kind',
    'approval',
    'amount',
    'from',
    'to',
    'paidFrom',
    'paidTo',
    'zone',
  ] as const)
    if (f[field] !== undefined) out.push({ field });
  return out;
}

/** The filters without one active filter (one value of a list filter, or the whole field). */
export function withoutFilter(f: OrderFilters, a: ActiveFilter): OrderFilters {
  const next: OrderFilters = {
    ...f,
    paymentStatus: [...f.paymentStatus],
    state: [...f.state],
    provider: [...f.provider],
  };
  switch (a.field) {
    case 'paymentStatus':
    case 'state':
    case 'provider':
      (next[a.field] as string[]) = (next[a.field] as string[]).filter((v) => v !== a.value);
      break;
    default:
      delete next[a.field];
  }
  return next;
}

/** What a tab of pay/{tab} or shop/{tab} fixes, so the drawer hides those controls. */
export function fixedFields(tab: PayTab | null): ReadonlySet<FilterField> {
  if (!tab) return new Set();
  const fixed = PAY_TAB_FILTERS[tab];
  const out = new Set<FilterField>();
  // A tab that fixes the states fixes the payment status too (each status is a set of states).
  if (fixed.state) {
    out.add('state');
    out.add('paymentStatus');
  }
  if (fixed.approval) out.add('approval');
  return out;
}

export type SearchInput = Omit<InputOf<'orders.search'>, 'game' | 'page' | 'pageSize'>;

/**
 * The call's filters: the URL's (without those the tab fixes) and the tab's. Days become instants
 * (the end is the next day's start), the paid days' too; the amount range becomes minor units of the game's currency.
 * 'reversed' when the days run backwards (nothing to ask).
 */
export function searchInput(
  f: OrderFilters,
  tab: PayTab | null,
  currency: string | null | undefined,
): SearchInput | 'reversed' {
  const fixed = fixedFields(tab);
  const input: SearchInput = {};
  if (f.orderId) input.orderId = f.orderId;
  if (f.playerId) input.playerId = f.playerId;
  if (f.providerRef) input.providerRef = f.providerRef;
  if (f.paymentStatus.length > 0 && !fixed.has('paymentStatus')) input.paymentStatus = f.paymentStatus;
  if (f.state.length > 0 && !fixed.has('state')) input.state = f.state;
  if (f.provider.length > 0) input.provider = f.provider;
  if (f.kind) input.kind = f.kind;
  if (f.approval && !fixed.has('approval')) input.approval = f.approval;
  if (f.amount) {
    input.amountMin = majorToMinor(f.amount[0] * AMOUNT_SLIDER.unit, currency);
    input.amountMax = majorToMinor(f.amount[1] * AMOUNT_SLIDER.unit, currency);
  }
  const days = dayRange(f.from, f.to, f.zone);
  const paidDays = dayRange(f.paidFrom, f.paidTo, f.zone);
  if (days === 'reversed' || paidDays === 'reversed') return 'reversed';
  if (days.from) input.from = days.from;
  if (days.to) input.to = days.to;
  if (paidDays.from) input.paidFrom = paidDays.from;
  if (paidDays.to) input.paidTo = paidDays.to;
  if (tab) {
    const t = PAY_TAB_FILTERS[tab];
    if (t.state) input.state = [...t.state];
    if (t.approval) input.approval = t.approval;
  }
  return input;
}

/** Whether any filter of the operator's own is set (not the tab's). */
export function hasFilters(f: OrderFilters): boolean {
  return activeFilters(f).length > 0;
}
