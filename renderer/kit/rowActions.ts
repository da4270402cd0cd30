import type { ReactNode } from 'react';
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
export interface RowAction<T> extends Omit<RowActionDef<EndpointId, T>, 'input' | 'copy'> {
  input: (row: T, reason: string) => unknown;
  copy?: (output: unknown) => string;
}

export function rowAction<K extends EndpointId, T>(def: RowActionDef<K, T>): RowAction<T> {
  return def as unknown as RowAction<T>;
}

export const rowActionTextKey = (
  action: Pick<RowAction<unknown>, 'texts' | 'endpoint'>,
  part: RowActionText,
) => `${action.texts}.${action.endpoint}.${part}`;

/** Opens a dialog of the screen's own for the row (edit it, look at it). */
export interface DialogRowAction<T> {
  kind: 'dialog';
  id: string;
  text: string;
  icon: IconName;
  intent?: Intent;
  when?: (row: T) => boolean;
  buttonTestId: (row: T) => string;
  /** The dialog, open for `row`; `close` closes it. */
  render: (row: T, close: () => void) => ReactNode;
}

/** Goes to another page about the row. */
export interface LinkRowAction<T> {
  kind: 'link';
  id: string;
  text: string;
  icon: IconName;
  when?: (row: T) => boolean;
  to: (row: T) => string;
  buttonTestId: (row: T) => string;
}

/** Turns something of the row on or off at once (pause, mute), saying the outcome in a toast. */
export interface ToggleRowAction<T> {
  kind: 'toggle';
  id: string;
  isOn: (row: T) => boolean;
  /** The button's text: what a click does (e.g. "Resume" when on). */
  text: (on: boolean) => string;
  icon: (on: boolean) => IconName;
  when?: (row: T) => boolean;
  buttonTestId: (row: T) => string;
  run: (row: T, next: boolean) => Promise<unknown>;
  /** The toast once done, and the failure's title. */
  done: (row: T, next: boolean) => string;
  failed: string;
  /**
   * Turning it on needs a reason (pausing a watched server): the button opens this confirmation
   * instead of running at once; turning it off runs at once.
   */
  confirmOn?: RowAction<T>;
}

/** What a row of a list offers: a confirmed call (the default kind), a dialog, a link or a toggle. */
export type ListRowAction<T> =
  (RowAction<T> & { kind?: 'confirm' }) | DialogRowAction<T> | LinkRowAction<T> | ToggleRowAction<T>;

/** The action's key among the row's buttons. */
export const rowActionId = <T>(a: ListRowAction<T>): string =>
  a.kind === 'dialog' || a.kind === 'link' || a.kind === 'toggle' ? a.id : a.endpoint;

/** One row's result of a bulk action. */
export interface BulkRowResult {
  id: string | number;
  ok: boolean;
  /** Why it was refused, in the operator's language (the server's message). */
  message?: string;
  /** What the row is now (an order's new state), in the results' last column. */
  detail?: ReactNode;
}

/** One action on the selected rows of a list, with one reason for all, answered row by row. */
export interface BulkAction<T> {
  id: string;
  text: string;
  icon: IconName;
  intent: Intent;
  /** Whether the action applies to a row; the others are left out and said so. */
  applies: (row: T) => boolean;
  /** The dialog's title and warning for `count` rows, `applies` of which the action applies to. */
  title: (count: number) => string;
  warning: (count: number, applies: number) => string;
  /** The dialog's confirm button for `count` rows; the action's text by default. */
  confirm?: (count: number) => string;
  /** A row's name in the results and its checkbox's label. */
  rowName: (row: T) => string;
  rowId: (row: T) => string | number;
  /** The results' column headers: the row's ("Order ID") and the detail's ("State"), if any. */
  rowHeader?: string;
  detailHeader?: string;
  run: (rows: readonly T[], reason: string) => Promise<readonly BulkRowResult[]>;
  /**
   * The base of the test ids: the bar's button `<list test id>-bulk-<id>`, the dialog `<testId>-dialog`
   * (with `-reason`, `-confirm`, `-close`), the results `<testId>-summary`, `-results`, `-result-<row id>`.
   */
  testId: string;
}
