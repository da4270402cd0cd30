import { expiresAtSchema } from '../../shared/api/moderation.js';
import { localInputToIso, toLocalInput } from '../kit/dates.js';

/**
 * The expiry of a ban or a blacklist entry as the operator picks it: a quick choice (1, 7 or 30
 * days from now, or never) or a moment typed in a datetime-local input. The input always shows
 * the moment a quick choice stands for, so the operator sees exactly what will be sent.
 */

export const EXPIRY_CHOICES = ['1d', '7d', '30d', 'never'] as const;
export type ExpiryChoice = (typeof EXPIRY_CHOICES)[number];

const DAYS: Record<Exclude<ExpiryChoice, 'never'>, number> = { '1d': 1, '7d': 7, '30d': 30 };
const DAY_MS = 24 * 60 * 60 * 1000;

export interface ExpiryValue {
  /** Which quick choice filled `local`; 'custom' once the operator edits the input. */
  choice: ExpiryChoice | 'custom';
  /**
   * datetime-local text ("2026-12-31T23:59"), local time. '' is "never", except with 'custom':
   * then the operator is half-way through typing a moment (the browser reports that as '').
   */
  local: string;
}

export const NEVER: ExpiryValue = { choice: 'never', local: '' };

export { localInputToIso, parseLocalInput, toLocalInput } from '../kit/dates.js';
/** What a quick choice stands for at `now`. */
export function quickExpiry(choice: ExpiryChoice, now: Date): ExpiryValue {
  if (choice === 'never') return NEVER;
  return { choice, local: toLocalInput(new Date(now.getTime() + DAYS[choice] * DAY_MS)) };
}

/**
 * The operator typed in the input: a cleared input is "never", anything else is their own moment.
 * `incomplete` is the input's validity.badInput: text the browser could not read as a moment yet.
 */
export function typedExpiry(local: string, incomplete = false): ExpiryValue {
  if (local === '' && !incomplete) return NEVER;
  return { choice: 'custom', local };
}

export type ExpiryProblem = 'invalid' | 'past';

export type ResolvedExpiry =
  { ok: true; /** absent = never expires */ expiresAt?: string } | { ok: false; problem: ExpiryProblem };

/**
 * The expiresAt to send, checked by the contract's own schema and against `now` (the server
 * refuses a moment in the past; saying so here saves a round trip).
 */
export function resolveExpiry(value: ExpiryValue, now: Date): ResolvedExpiry {
  if (value.local.trim() === '')
    return value.choice === 'custom' ? { ok: false, problem: 'invalid' } : { ok: true };
  const iso = localInputToIso(value.local);
  if (iso === null || !expiresAtSchema.safeParse(iso).success) return { ok: false, problem: 'invalid' };
  if (Date.parse(iso) <= now.getTime()) return { ok: false, problem: 'past' };
  return { ok: true, expiresAt: iso };
}

/**
 * An expiry as a form's part of the input: the `expiresAt` to send (none for "never"), or the
 * i18n key of what is wrong with it.
 */
export function expiryInput(value: ExpiryValue, now: Date): { expiresAt?: string; error?: string } {
  const r = resolveExpiry(value, now);
  if (!r.ok) return { error: `moderation.expiry.${r.problem}` };
  return r.expiresAt ? { expiresAt: r.expiresAt } : {};
}

/**
 * The expiry of a bound form's draft (`expiresAt`, as the operator chose it): its parse into the
 * input (none for "never") and its own error, which the schema cannot see (a moment past, or
 * unreadable), on top of the schema's.
 */
export function expiryField(now: () => Date) {
  return {
    parse: (d: { expiresAt: ExpiryValue }) => expiryInput(d.expiresAt, now()).expiresAt,
    refine: <E extends { expiresAt?: string }>(errors: E, d: { expiresAt: ExpiryValue }): E => {
      const { error } = expiryInput(d.expiresAt, now());
      return error ? { ...errors, expiresAt: error } : errors;
    },
  };
}
