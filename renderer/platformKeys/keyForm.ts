import type { PlatformKey, Platform } from '../../shared/api/platformKeys.js';
import type { InputOf } from '../../shared/api/table.js';
import type { GameId } from '../../shared/games.js';
import { outcome, schemaErrors, type Checked } from '../kit/form.js';

/**
 * The key form: name, platform, secret, note. Adding a key takes all of them (the note may stay
 * empty); changing one sends only what changed, and a secret only when a new one is typed (the
 * old one is never shown in the form). The reason of a change is the confirmation's.
 */
export const KEY_FIELDS = ['game', 'name', 'platform', 'secret', 'note'] as const;
export type KeyField = (typeof KEY_FIELDS)[number];

export interface KeyDraft {
  /** '' until chosen (the all-games page); a game page fixes it. */
  game: GameId | '';
  name: string;
  platform: Platform | '';
  secret: string;
  note: string;
}

export const emptyKey = (game: GameId | ''): KeyDraft => ({
  game,
  name: '',
  platform: '',
  secret: '',
  note: '',
});

export const keyInvalidKey = (f: KeyField): string => `platformKeys.invalid.${f}`;

export type CreateInput = InputOf<'platformKeys.create'>;
export type UpdateInput = Omit<InputOf<'platformKeys.update'>, 'reason'>;

/** A new key's input, or what is wrong with the draft. */
export function checkCreate(draft: KeyDraft): Checked<CreateInput, KeyField> {
  const candidate = {
    game: draft.game,
    name: draft.name.trim(),
    platform: draft.platform,
    secret: draft.secret.trim(),
    note: draft.note.trim(),
  };
  const errors = schemaErrors('platformKeys.create', candidate, KEY_FIELDS, keyInvalidKey);
  return outcome(candidate as CreateInput, errors);
}

/** The form of an existing key: its fields, and an empty secret (typing one replaces it). */
export function draftOf(key: PlatformKey): KeyDraft {
  return { game: key.game, name: key.name, platform: key.platform, secret: '', note: key.note };
}

/** The change to send: only the fields that differ from the key; nothing changed is a note, not a call. */
export function checkUpdate(key: PlatformKey, draft: KeyDraft): Checked<UpdateInput, KeyField> {
  const name = draft.name.trim();
  const note = draft.note.trim();
  const secret = draft.secret.trim();
  const change: UpdateInput = {
    game: key.game,
    keyId: key.id,
    ...(name !== key.name ? { name } : {}),
    ...(draft.platform !== '' && draft.platform !== key.platform ? { platform: draft.platform } : {}),
    ...(note !== key.note ? { note } : {}),
    ...(secret !== '' ? { secret } : {}),
  };
  const errors = schemaErrors('platformKeys.update', change, KEY_FIELDS, keyInvalidKey, {
    reasonLater: true,
  });
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  if (Object.keys(change).length === 2)
    return { ok: false, errors: {}, note: 'platformKeys.form.nothingChanged' };
  return { ok: true, input: change };
}
