import type { Intent, IconName } from '@blueprintjs/core';
import type { TFunction } from 'i18next';
import type { Language } from '../../shared/codes.js';
import type { EndpointId, InputOf, OutputOf } from '../../shared/api/table.js';
import type { Capability } from './queryKeys.js';

/**
 * An action on one row of a list, named by the endpoint it calls ('bannedHeroes.unban'). Its
 * texts are `<texts>.<endpoint id>.<part>` for each part of ROW_ACTION_TEXTS: the row's button,
 * the confirmation's title, warning and confirm button, the failure's title, and the toast.
 */
export const ROW_ACTION_TEXTS = ['action', 'title', 'warning', 'confirm', 'failed', 'done'] as const;
export type RowActionText = (typeof ROW_ACTION_TEXTS)[number];

/** What a declaration needs to name a row in the operator's language. */
export interface Naming {
  t: TFunction;
  lang: Language;
}

export interface RowActionDef<K extends EndpointId, T> {
  endpoint: K;
  /** The text namespace the action's texts are under ('moderation'). */
  texts: string;
  /** The call for the row, with the reason the operator gave. */
  input: (row: T, reason: string) => InputOf<K>;
  /** The names the texts use besides the game's (the player, the hero…). */
  names: (row: T, naming: Naming) => Record<string, string>;
  /** Whether the row offers the action (only an active ban can be lifted). */
  when?: (row: T) => boolean;
  icon: IconName;
  intent: Intent;
  /** The row button's test id, from the row. */
  buttonTestId: (row: T) => string;
  dialogTestId: string;
  /** Other capabilities the action changes besides its own. */
  invalidates?: readonly Capability[];
  /** Something in the answer worth copying from the toast (an order id). */
  copy?: (output: OutputOf<K>) => string;
}

/**
 * A row action with its endpoint's type erased, so one list can hold actions of several
 * endpoints; `rowAction` checks the declaration against the endpoint before erasing it.
 */
export interface RowAction<T> {
  endpoint: EndpointId;
  texts: string;
  input: (row: T, reason: string) => unknown;
  names: (row: T, naming: Naming) => Record<string, string>;
  when?: (row: T) => boolean;
  icon: IconName;
  intent: Intent;
  buttonTestId: (row: T) => string;
  dialogTestId: string;
  invalidates?: readonly Capability[];
  copy?: (output: unknown) => string;
}

export function rowAction<K extends EndpointId, T>(def: RowActionDef<K, T>): RowAction<T> {
  return def as unknown as RowAction<T>;
}

export const rowActionTextKey = (
  action: Pick<RowAction<unknown>, 'texts' | 'endpoint'>,
  part: RowActionText,
) => `${action.texts}.${action.endpoint}.${part}`;
