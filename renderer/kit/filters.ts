import type { IconName } from '@blueprintjs/core';
import { dayOf, dayRange } from './dates.js';
import { pickOne, type ParamPatch } from './listParams.js';

/**
 * A list's filters, declared once: where each lives in the URL, which input field of the list's
 * endpoint it fills, and what counts as "not filtering". The list page reads them from the URL,
 * sends them, draws their controls and knows when "clear filters" and "nothing matches" apply.
 */
interface FilterBase {
  /** The endpoint input field the value goes to. */
  input: string;
  /** Its name in the URL; `input` by default. */
  param?: string;
  /** The control's test id; `<list test id>-<param>-filter` (search: `<list test id>-search`). */
  testId?: string;
}

/** A text search, applied as the operator pauses typing. */
export interface SearchFilter extends FilterBase {
  kind: 'search';
  placeholder: string;
  maxLength?: number;
  /**
   * Applied on submit only, by a button of this text: an exact match (an operator's name), where
   * searching at each pause would query for every prefix typed.
   */
  submitText?: string;
  icon?: IconName;
}

/** One of fixed values, each with its label. */
export interface SelectFilter extends FilterBase {
  kind: 'select';
  options: readonly string[];
  label: (value: string) => string;
  ariaLabel: string;
  /** A first option of value '' that stands for "any" (and the default when there is no `initial`). */
  none?: string;
  /** The value when the URL has none (left out of the URL when chosen). */
  initial?: string;
  /** The value that filters nothing, when it is not `none` ('all' statuses). */
  all?: string;
  /**
   * A value the options do not list that the endpoint still takes (a kind the server has recorded,
   * before the options are loaded; an action of another kind): kept, and offered as its own option.
   */
  accept?: (raw: string) => boolean;
  /** Other filters' URL parameters emptied when this one changes (an area empties its event). */
  resets?: readonly string[];
}

/** Set from elsewhere on the page (a row's button, a link), with no control of its own. */
export interface HiddenFilter extends FilterBase {
  kind: 'hidden';
}

/**
 * A range of the operator's local days, both ends included: `input` takes the first day's start
 * and `toInput` the start of the day after the last (the calls' end is exclusive). A range whose
 * last day comes before its first is not sent: the list says so instead.
 */
export interface DateRangeFilter extends FilterBase {
  kind: 'dateRange';
  toInput: string;
  /** The URL name of the last day; `toInput` by default. */
  toParam?: string;
  /** What a screen reader calls the two fields ("Created from", "Created until"). */
  fromLabel: string;
  toLabel: string;
}

export type ListFilter = SearchFilter | SelectFilter | HiddenFilter | DateRangeFilter;

export type FilterValues = Record<string, string>;

export const paramOf = (f: ListFilter): string => f.param ?? f.input;
const toParamOf = (f: DateRangeFilter): string => f.toParam ?? f.toInput;

/** Every URL parameter of a filter (a date range has two). */
const paramsOf = (f: ListFilter): string[] =>
  f.kind === 'dateRange' ? [paramOf(f), toParamOf(f)] : [paramOf(f)];
/** Every value a filter keeps, by input field. */
const inputsOf = (f: ListFilter): string[] => (f.kind === 'dateRange' ? [f.input, f.toInput] : [f.input]);
const initialOf = (f: ListFilter): string => (f.kind === 'select' ? (f.initial ?? '') : '');
const unfilteredOf = (f: ListFilter): string => (f.kind === 'select' ? (f.all ?? f.initial ?? '') : '');

function selectValue(f: SelectFilter, raw: string | null): string {
  const listed = pickOne(raw, f.options);
  if (listed !== undefined) return listed;
  return raw !== null && raw !== '' && f.accept?.(raw) ? raw : initialOf(f);
}

/** Each filter's value from the URL, by input field; a value a select does not offer is its default. */
export function readFilters(search: URLSearchParams, filters: readonly ListFilter[]): FilterValues {
  const values: FilterValues = {};
  for (const f of filters) {
    const raw = search.get(paramOf(f));
    if (f.kind === 'dateRange') {
      values[f.input] = dayOf(raw) ?? '';
      values[f.toInput] = dayOf(search.get(toParamOf(f))) ?? '';
    } else {
      values[f.input] = f.kind === 'select' ? selectValue(f, raw) : (raw ?? '').trim();
    }
  }
  return values;
}

/** The values to send: those that say something (an empty value is no filter); days as instants. */
export function filterInput(
  values: FilterValues,
  filters: readonly ListFilter[] = [],
): Record<string, string> | { reversed: DateRangeFilter } {
  const sent: Record<string, string> = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== ''));
  for (const f of filters) {
    if (f.kind !== 'dateRange') continue;
    const range = dayRange(values[f.input] || undefined, values[f.toInput] || undefined);
    if (range === 'reversed') return { reversed: f };
    delete sent[f.input];
    delete sent[f.toInput];
    if (range.from) sent[f.input] = range.from;
    if (range.to) sent[f.toInput] = range.to;
  }
  return sent;
}

/** Whether filterInput refused a range whose last day comes before its first. */
export const isReversed = (
  input: Record<string, string> | { reversed: DateRangeFilter },
): input is { reversed: DateRangeFilter } => typeof input.reversed === 'object';

/** Whether the list is narrowed, so an empty list says "nothing matches" rather than "nothing yet". */
export function isFiltered(values: FilterValues, filters: readonly ListFilter[]): boolean {
  return filters.some((f) => inputsOf(f).some((i) => (values[i] ?? '') !== unfilteredOf(f)));
}

/** Whether a filter with a control is away from its default, so "clear filters" has something to do. */
export function canClear(values: FilterValues, filters: readonly ListFilter[]): boolean {
  return filters.some(
    (f) => f.kind !== 'hidden' && inputsOf(f).some((i) => (values[i] ?? '') !== initialOf(f)),
  );
}

/** The URL change that puts every filter with a control back to its default. */
export function clearPatch(filters: readonly ListFilter[]): ParamPatch {
  return Object.fromEntries(
    filters.filter((f) => f.kind !== 'hidden').flatMap((f) => paramsOf(f).map((p) => [p, ''])),
  );
}

/** The URL change that sets one filter; its default is left out of the URL. */
export function setPatch(filter: ListFilter, value: string): ParamPatch {
  const resets = filter.kind === 'select' ? (filter.resets ?? []) : [];
  return {
    ...Object.fromEntries(resets.map((p) => [p, ''])),
    [paramOf(filter)]: value === initialOf(filter) ? '' : value,
  };
}

/** The URL change that sets a date range's last day. */
export function setToPatch(filter: DateRangeFilter, value: string): ParamPatch {
  return { [toParamOf(filter)]: value };
}
