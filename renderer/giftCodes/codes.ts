import { Intent } from '@blueprintjs/core';
import {
  CODE_ALPHABET,
  type BatchState,
  type CatalogueEntry,
  type CodeKind,
  type CodeState,
  type Grant,
  KIND_CAPABILITY,
} from '../../shared/api/giftCodes.js';
import type { Language } from '../../shared/codes.js';
import { formatMoney } from '../components/money.js';

/**
 * Pure helpers of the activation-code and shop-ticket pages: how a code reads, which endpoints a
 * kind calls, what a grant says, money in and out of minor units. Kept apart from the screens so
 * the unit tests and both pages agree.
 */

/** The endpoint ids of one kind: both kinds have the same calls under their own capability. */
export function endpointsOf<K extends CodeKind>(kind: K) {
  const c = KIND_CAPABILITY[kind];
  return {
    batches: `${c}.batches`,
    create: `${c}.create`,
    batch: `${c}.batch`,
    codes: `${c}.codes`,
    export: `${c}.export`,
    setBatchEnabled: `${c}.setBatchEnabled`,
    status: `${c}.status`,
    setCodeEnabled: `${c}.setCodeEnabled`,
  } as const;
}

/** A code as typed (dashes, spaces, any case) as the server looks it up. */
export function normalizeCode(text: string): string {
  return text.replace(/[\s-]/g, '').toUpperCase();
}

/**
 * A code grouped by dashes in fours from its start (ABCD-EFGH-JKMN), so an operator reading it
 * aloud or copying it by eye keeps their place. Whatever the input's own dashes, the result is
 * the same.
 */
export function groupCode(code: string, size = 4): string {
  const plain = normalizeCode(code);
  const groups: string[] = [];
  for (let i = 0; i < plain.length; i += size) groups.push(plain.slice(i, i + size));
  return groups.join('-');
}

/**
 * A prefix as typed: upper-cased, and only the code alphabet's characters kept; `dropped` names
 * the characters left out (once each, in order) so the form can say why they vanished.
 */
export function cleanPrefix(text: string): { value: string; dropped: string[] } {
  const upper = text.toUpperCase();
  let value = '';
  const dropped: string[] = [];
  for (const ch of upper) {
    if (CODE_ALPHABET.includes(ch)) value += ch;
    else if (ch.trim() !== '' && !dropped.includes(ch)) dropped.push(ch);
  }
  return { value, dropped };
}

export const BATCH_STATE_INTENT: Record<BatchState, Intent> = {
  active: Intent.SUCCESS,
  notYetValid: Intent.PRIMARY,
  usedUp: Intent.WARNING,
  expired: Intent.NONE,
  disabled: Intent.DANGER,
};

export const CODE_STATE_INTENT: Record<CodeState, Intent> = {
  unused: Intent.SUCCESS,
  used: Intent.PRIMARY,
  usedUp: Intent.WARNING,
  expired: Intent.NONE,
  notYetValid: Intent.PRIMARY,
  disabled: Intent.DANGER,
  batchDisabled: Intent.DANGER,
};

/** A catalogue entry's name by id, or "#id" when the list does not hold it. */
export function nameOf(names: Readonly<Record<string, string>>, id: number): string {
  return names[String(id)] ?? `#${id}`;
}

/**
 * What a batch grants, as one line: "Gold ×100, Gem ×5" for items; the shop item and the ticket's
 * price for a shop ticket (the price without a currency while the shop list has not arrived).
 */
export function grantText(
  grant: Grant,
  names: Readonly<Record<string, string>>,
  currency: string | null,
  lang: Language,
): string {
  if (grant.kind === 'items')
    return grant.rewards.map((r) => `${nameOf(names, r.itemId)} ×${r.count.toLocaleString(lang)}`).join(', ');
  const price = formatMoney(grant.price, currency, lang);
  return `${nameOf(names, grant.shopItemId)} @ ${price}`;
}

/** Names of catalogue entries by id, for reading grants. */
export function catalogueNames(entries: readonly CatalogueEntry[]): Record<string, string> {
  return Object.fromEntries(entries.map((e) => [String(e.id), e.name]));
}

/** How many redemptions a batch allows in all: its codes times the uses of each. */
export function capacityOf(batch: { total: number; usesPerCode: number }): number {
  return batch.total * batch.usesPerCode;
}

/** The share of a batch used, 0..1, for its progress bar. */
export function usedShare(batch: { used: number; total: number; usesPerCode: number }): number {
  const cap = capacityOf(batch);
  return cap <= 0 ? 0 : Math.min(1, batch.used / cap);
}
