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
}

/** Set from elsewhere on the page (a row's button, a link), with no control of its own. */
export interface HiddenFilter extends FilterBase {
  kind: 'hidden';
}

export type ListFilter = SearchFilter | SelectFilter | HiddenFilter;

export type FilterValues = Record<string, string>;

export const paramOf = (f: ListFilter): string => f.param ?? f.input;
const initialOf = (f: ListFilter): string => (f.kind === 'select' ? (f.initial ?? '') : '');
const unfilteredOf = (f: ListFilter): string => (f.kind === 'select' ? (f.all ?? f.initial ?? '') : '');

/** Each filter's value from the URL, by input field; a value a select does not offer is its default. */
export function readFilters(search: URLSearchParams, filters: readonly ListFilter[]): FilterValues {
  const values: FilterValues = {};
  for (const f of filters) {
    const raw = search.get(paramOf(f));
    values[f.input] = f.kind === 'select' ? (pickOne(raw, f.options) ?? initialOf(f)) : (raw ?? '').trim();
  }
  return values;
}

/** The values to send: those that say something (an empty value is no filter). */
export function filterInput(values: FilterValues): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== ''));
}

/** Whether the list is narrowed, so an empty list says "nothing matches" rather than "nothing yet". */
export function isFiltered(values: FilterValues, filters: readonly ListFilter[]): boolean {
  return filters.some((f) => (values[f.input] ?? '') !== unfilteredOf(f));
}

/** Whether a filter with a control is away from its default, so "clear filters" has something to do. */
export function canClear(values: FilterValues, filters: readonly ListFilter[]): boolean {
  return filters.some((f) => f.kind !== 'hidden' && (values[f.input] ?? '') !== initialOf(f));
}

/** The URL change that puts every filter with a control back to its default. */
export function clearPatch(filters: readonly ListFilter[]): ParamPatch {
  return Object.fromEntries(filters.filter((f) => f.kind !== 'hidden').map((f) => [paramOf(f), '']));
}

/** The URL change that sets one filter; its default is left out of the URL. */
export function setPatch(filter: ListFilter, value: string): ParamPatch {
  return { [paramOf(filter)]: value === initialOf(filter) ? '' : value };
}
