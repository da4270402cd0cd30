import type { z } from 'zod';
import type { FieldIssue } from '../../shared/envelope.js';
import type { GameId } from '../../shared/games.js';
import { ENDPOINTS, type InputOf } from '../../shared/api/table.js';
import type { BlacklistKind, SpecialCategory } from '../../shared/api/moderation.js';
import { resolveExpiry, type ExpiryValue } from './expiry.js';

/**
 * The moderation forms' rules are the endpoints' own input schemas, so a form cannot accept what
 * the server refuses (the player id and IP rules live in shared/api only). The reason is asked
 * for later, in the confirmation dialog, so it is left out of these checks. Errors are i18n keys.
 */

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export type Checked<I, F extends string> = { ok: true; input: I } | { ok: false; errors: FieldErrors<F> };

/** Satisfies the reason rule while the reason is not asked yet; never sent. */
const STAND_IN_REASON = 'reason asked in the confirmation';

function issueFields<F extends string>(
  schema: z.ZodType,
  input: Record<string, unknown>,
  fields: readonly F[],
): F[] {
  const parsed = schema.safeParse({ ...input, reason: STAND_IN_REASON });
  if (parsed.success) return [];
  return parsed.error.issues
    .map((i) => String(i.path[0] ?? ''))
    .filter((f): f is F => (fields as readonly string[]).includes(f));
}

/** Field problems the server sent back (VALIDATION details), keyed like the form's own. */
export function fieldsFromIssues<F extends string>(issues: readonly FieldIssue[], fields: readonly F[]): F[] {
  return issues
    .map((i) => i.path.split('.')[0] ?? '')
    .filter((f): f is F => (fields as readonly string[]).includes(f));
}

/** The form's errors for the fields a refused call named, each said by `keyOf`. */
export function errorsFromIssues<F extends string>(
  issues: readonly FieldIssue[],
  fields: readonly F[],
  keyOf: (field: F) => string,
): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const f of fieldsFromIssues(issues, fields)) errors[f] = keyOf(f);
  return errors;
}

/** The schema's errors of `input` on the form's fields, each said by `keyOf`. */
function schemaErrors<F extends string>(
  schema: z.ZodType,
  input: Record<string, unknown>,
  fields: readonly F[],
  keyOf: (field: F) => string,
): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const f of issueFields(schema, input, fields)) errors[f] = keyOf(f);
  return errors;
}

function outcome<I, F extends string>(input: I, errors: FieldErrors<F>): Checked<I, F> {
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, input };
}

function expiryError(expiry: ExpiryValue, now: Date): { expiresAt?: string; error?: string } {
  const r = resolveExpiry(expiry, now);
  if (!r.ok) return { error: `moderation.expiry.${r.problem}` };
  return r.expiresAt ? { expiresAt: r.expiresAt } : {};
}

// ---- ban a hero ----

export const BAN_FIELDS = ['heroId', 'playerId', 'expiresAt'] as const;
export type BanField = (typeof BAN_FIELDS)[number];

export interface BanDraft {
  /** The hero select's value; '' until one is chosen. */
  heroId: string;
  /** '' = every player of the game. */
  playerId: string;
  expiry: ExpiryValue;
}

export type BanInput = Omit<InputOf<'bannedHeroes.ban'>, 'reason'>;

export const banInvalidKey = (f: BanField): string =>
  f === 'expiresAt' ? 'moderation.expiry.invalid' : `moderation.invalid.ban.${f}`;

export function checkBan(game: GameId, draft: BanDraft, now: Date): Checked<BanInput, BanField> {
  const playerId = draft.playerId.trim();
  const expiry = expiryError(draft.expiry, now);
  const input: BanInput = {
    game,
    heroId: draft.heroId === '' ? 0 : Number(draft.heroId),
    ...(playerId ? { playerId } : {}),
    ...(expiry.expiresAt ? { expiresAt: expiry.expiresAt } : {}),
  };
  const errors = schemaErrors(ENDPOINTS['bannedHeroes.ban'].input, input, BAN_FIELDS, banInvalidKey);
  if (expiry.error) errors.expiresAt = expiry.error;
  return outcome(input, errors);
}

// ---- blacklist ----

export const BLACKLIST_FIELDS = ['kind', 'value', 'expiresAt'] as const;
export type BlacklistField = (typeof BLACKLIST_FIELDS)[number];

export interface BlacklistDraft {
  kind: BlacklistKind;
  value: string;
  expiry: ExpiryValue;
}

export type BlacklistInput = Omit<InputOf<'blacklist.create'>, 'reason'>;

export const blacklistInvalidKey = (f: BlacklistField, kind: BlacklistKind): string =>
  f === 'value'
    ? `moderation.invalid.blacklist.value.${kind}`
    : f === 'expiresAt'
      ? 'moderation.expiry.invalid'
      : 'moderation.invalid.blacklist.kind';

export function checkBlacklist(
  game: GameId,
  draft: BlacklistDraft,
  now: Date,
): Checked<BlacklistInput, BlacklistField> {
  const expiry = expiryError(draft.expiry, now);
  const input: BlacklistInput = {
    game,
    kind: draft.kind,
    value: draft.value.trim(),
    ...(expiry.expiresAt ? { expiresAt: expiry.expiresAt } : {}),
  };
  const errors = schemaErrors(ENDPOINTS['blacklist.create'].input, input, BLACKLIST_FIELDS, (f) =>
    blacklistInvalidKey(f, draft.kind),
  );
  if (expiry.error) errors.expiresAt = expiry.error;
  return outcome(input, errors);
}

// ---- special users ----

export const SPECIAL_FIELDS = ['playerId', 'category', 'note'] as const;
export type SpecialField = (typeof SPECIAL_FIELDS)[number];

export interface SpecialDraft {
  playerId: string;
  /** '' until one is chosen. */
  category: SpecialCategory | '';
  note: string;
}

export type SpecialInput = Omit<InputOf<'specialUsers.create'>, 'reason'>;

export const specialInvalidKey = (f: SpecialField): string => `moderation.invalid.special.${f}`;

export function checkSpecial(
  game: SpecialInput['game'],
  draft: SpecialDraft,
): Checked<SpecialInput, SpecialField> {
  const base = { game, playerId: draft.playerId.trim(), note: draft.note.trim() };
  const candidate = { ...base, category: draft.category };
  const errors = schemaErrors(
    ENDPOINTS['specialUsers.create'].input,
    candidate,
    SPECIAL_FIELDS,
    specialInvalidKey,
  );
  if (draft.category === '' || Object.keys(errors).length > 0) {
    return {
      ok: false,
      errors: { ...errors, ...(draft.category === '' ? { category: specialInvalidKey('category') } : {}) },
    };
  }
  return { ok: true, input: { ...base, category: draft.category } };
}
