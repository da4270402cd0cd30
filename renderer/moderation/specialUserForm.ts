import type { InputOf } from '../../shared/api/table.js';
import type { SpecialCategory } from '../../shared/api/moderation.js';
import { schemaErrors, type Checked } from '../kit/form.js';

/** The special-user form: the player, a category, a note. The reason is the confirmation's. */
export const SPECIAL_FIELDS = ['playerId', 'category', 'note'] as const;
export type SpecialField = (typeof SPECIAL_FIELDS)[number];

export interface SpecialDraft {
  playerId: string;
  /** '' until one is chosen. */
  category: SpecialCategory | '';
  note: string;
}

export const EMPTY_SPECIAL: SpecialDraft = { playerId: '', category: '', note: '' };
export const NOTE_MAX = 200;

export type SpecialInput = Omit<InputOf<'specialUsers.create'>, 'reason'>;

export const specialInvalidKey = (f: SpecialField): string => `moderation.invalid.specialUsers.${f}`;

export function checkSpecial(
  game: SpecialInput['game'],
  draft: SpecialDraft,
): Checked<SpecialInput, SpecialField> {
  const base = { game, playerId: draft.playerId.trim(), note: draft.note.trim() };
  const errors = schemaErrors(
    'specialUsers.create',
    { ...base, category: draft.category },
    SPECIAL_FIELDS,
    specialInvalidKey,
    { reasonLater: true },
  );
  if (draft.category === '' || Object.keys(errors).length > 0) {
    return {
      ok: false,
      errors: { ...errors, ...(draft.category === '' ? { category: specialInvalidKey('category') } : {}) },
    };
  }
  return { ok: true, input: { ...base, category: draft.category } };
}
