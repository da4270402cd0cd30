import type { GameId } from '../../shared/games.js';
import type { InputOf } from '../../shared/api/table.js';
import type { BlacklistKind } from '../../shared/api/moderation.js';
import { outcome, schemaErrors, type Checked } from '../kit/form.js';
import { expiryInput, NEVER, type ExpiryValue } from './expiry.js';

/** The blacklist form: a player id or an IP, until when. The reason is the confirmation's. */
export const BLACKLIST_FIELDS = ['kind', 'value', 'expiresAt'] as const;
export type BlacklistField = (typeof BLACKLIST_FIELDS)[number];

export interface BlacklistDraft {
  kind: BlacklistKind;
  value: string;
  expiry: ExpiryValue;
}

export const EMPTY_BLACKLIST: BlacklistDraft = { kind: 'player', value: '', expiry: NEVER };

export type BlacklistInput = Omit<InputOf<'blacklist.create'>, 'reason'>;

export const blacklistInvalidKey = (f: BlacklistField, kind: BlacklistKind): string =>
  f === 'value'
    ? `moderation.invalid.blacklist.value.${kind}`
    : f === 'expiresAt'
      ? 'moderation.expiry.invalid'
      : 'moderation.invalid.blacklist.kind';

/** Every error is said for the kind chosen (a player id or an IP), so any change clears them all. */
export const blacklistClears = (): readonly BlacklistField[] => BLACKLIST_FIELDS;

export function checkBlacklist(
  game: GameId,
  draft: BlacklistDraft,
  now: Date,
): Checked<BlacklistInput, BlacklistField> {
  const expiry = expiryInput(draft.expiry, now);
  const input: BlacklistInput = {
    game,
    kind: draft.kind,
    value: draft.value.trim(),
    ...(expiry.expiresAt ? { expiresAt: expiry.expiresAt } : {}),
  };
  const errors = schemaErrors(
    'blacklist.create',
    input,
    BLACKLIST_FIELDS,
    (f) => blacklistInvalidKey(f, draft.kind),
    { reasonLater: true },
  );
  if (expiry.error) errors.expiresAt = expiry.error;
  return outcome(input, errors);
}
