import { addDays, zoneDayStart } from '../../shared/days.js';
import { applyPatch, pageOf } from '../kit/listParams.js';

/**
 * The player search lives in the URL (`?name=&id=&num=&page=`), so Back, reload and a pasted link
 * all show the same search. This module reads and writes those params and checks them before any
 * call: a typed-in "12a" as an id is the operator's slip, said next to the field, not a server
 * round trip.
 */

export const SEARCH_FIELDS = ['name', 'id', 'num'] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

/** What the operator typed, as text (the form's state). */
export type SearchDraft = Record<SearchField, string>;

/** A search the server can run: only the keys given, all of which must match. */
export interface SearchKeys {
  name?: string;
  id?: string;
  num?: number;
  /** Registered from (included) to (excluded), as instants: a studio day's new players. */
  registeredFrom?: string;
  registeredTo?: string;
  /** Signed in from (included) to (excluded), with a registration range: a cohort on its day k. */
  activeFrom?: string;
  activeTo?: string;
}

/**
 * The players registered on one day of a time zone (`?registered=YYYY-MM-DD&zone=Asia/Shanghai`):
 * where a report's new players and cohorts lead; with `active=YYYY-MM-DD` only those of them who
 * signed in on that day (a cohort's cell). The zone is the studio's, named by the report, so the
 * days are the report's days whatever the operator's own zone.
 */
export const PLAYER_REGISTERED_PARAMS = { day: 'registered', active: 'active', zone: 'zone' } as const;

/** A day of a zone as the instants it runs from (included) and to (excluded). */
export interface ZoneDay {
  day: string;
  from: string;
  to: string;
}

export interface RegisteredDay extends ZoneDay {
  zone: string;
  /** Only the players who signed in on this day too. */
  active?: ZoneDay;
}

function zoneDay(day: string, zone: string): ZoneDay | null {
  const start = zoneDayStart(day, zone);
  const next = start && zoneDayStart(addDays(day, 1), zone);
  return start && next ? { day, from: start.toISOString(), to: next.toISOString() } : null;
}

/** The registration day the URL names; 'invalid' when it (or its active day) cannot be read. */
export function readRegistered(params: URLSearchParams): RegisteredDay | 'invalid' | null {
  const day = params.get(PLAYER_REGISTERED_PARAMS.day)?.trim();
  if (!day) return null;
  const zone = params.get(PLAYER_REGISTERED_PARAMS.zone)?.trim() || 'UTC';
  const registered = zoneDay(day, zone);
  if (!registered) return 'invalid';
  const activeDay = params.get(PLAYER_REGISTERED_PARAMS.active)?.trim();
  if (!activeDay) return { ...registered, zone };
  const active = zoneDay(activeDay, zone);
  // Nobody is active before registering: such a day is a mistyped address, not an empty list.
  if (!active || activeDay < day) return 'invalid';
  return { ...registered, zone, active };
}

/** The URL without the registration day (and its active day). */
export function withoutRegistered(prev: URLSearchParams): URLSearchParams {
  return applyPatch(prev, {
    [PLAYER_REGISTERED_PARAMS.day]: '',
    [PLAYER_REGISTERED_PARAMS.active]: '',
    [PLAYER_REGISTERED_PARAMS.zone]: '',
  });
}

export const SEARCH_PROBLEMS = ['nameTooLong', 'idNotDigits', 'idTooLong', 'numNotPositive'] as const;
export type SearchProblem = (typeof SEARCH_PROBLEMS)[number];

/** Limits of the search endpoint (shared/api/players.ts), checked here first. */
export const NAME_MAX = 64;
export const ID_MAX_DIGITS = 20;

export const PROBLEM_FIELD: Record<SearchProblem, SearchField> = {
  nameTooLong: 'name',
  idNotDigits: 'id',
  idTooLong: 'id',
  numNotPositive: 'num',
};

export interface ParsedSearch {
  draft: SearchDraft;
  keys: SearchKeys;
  page: number;
  problems: SearchProblem[];
  /** The registration day the URL names, 'invalid' when it cannot be read (nothing is asked). */
  registered: RegisteredDay | 'invalid' | null;
}

const DIGITS = /^[0-9]+$/;

export function emptyDraft(): SearchDraft {
  return { name: '', id: '', num: '' };
}

/** Checks a draft; `keys` holds only the fields that passed, so a bad field is never sent. */
export function checkDraft(draft: SearchDraft): { keys: SearchKeys; problems: SearchProblem[] } {
  const keys: SearchKeys = {};
  const problems: SearchProblem[] = [];
  const name = draft.name.trim();
  const id = draft.id.trim();
  const num = draft.num.trim();
  if (name) {
    if (name.length > NAME_MAX) problems.push('nameTooLong');
    else keys.name = name;
  }
  if (id) {
    if (!DIGITS.test(id)) problems.push('idNotDigits');
    else if (id.length > ID_MAX_DIGITS) problems.push('idTooLong');
    else keys.id = id;
  }
  if (num) {
    const n = DIGITS.test(num) ? Number(num) : NaN;
    if (!Number.isSafeInteger(n) || n < 1) problems.push('numNotPositive');
    else keys.num = n;
  }
  return { keys, problems };
}

export function parseSearch(params: URLSearchParams): ParsedSearch {
  const draft: SearchDraft = {
    name: params.get('name') ?? '',
    id: params.get('id') ?? '',
    num: params.get('num') ?? '',
  };
  const registered = readRegistered(params);
  const checked = checkDraft(draft);
  const keys: SearchKeys =
    registered && registered !== 'invalid'
      ? {
          ...checked.keys,
          registeredFrom: registered.from,
          registeredTo: registered.to,
          ...(registered.active
            ? { activeFrom: registered.active.from, activeTo: registered.active.to }
            : {}),
        }
      : checked.keys;
  return { draft, keys, problems: checked.problems, page: pageOf(params.get('page')), registered };
}

export function hasKeys(keys: SearchKeys): boolean {
  return (
    keys.name !== undefined ||
    keys.id !== undefined ||
    keys.num !== undefined ||
    keys.registeredFrom !== undefined
  );
}

export function hasInput(draft: SearchDraft): boolean {
  return SEARCH_FIELDS.some((f) => draft[f].trim() !== '');
}

/**
 * The URL params of a submitted draft: trimmed, empty fields dropped, back to page 1. Other
 * params (none today) are kept so a search never wipes unrelated state.
 */
export function searchParamsOf(
  draft: SearchDraft,
  prev: URLSearchParams = new URLSearchParams(),
): URLSearchParams {
  return applyPatch(prev, Object.fromEntries(SEARCH_FIELDS.map((f) => [f, draft[f].trim()])));
}

export function withPage(prev: URLSearchParams, page: number): URLSearchParams {
  return applyPatch(prev, { page });
}
