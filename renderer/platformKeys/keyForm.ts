import type { PlatformKey, Platform } from '../../shared/api/platformKeys.js';
import type { GameId } from '../../shared/games.js';

/**
 * The key form, bound to the create and update calls (kit/form): name, platform, secret, note,
 * and the game where the page does not fix it. Adding a key sends what is typed, trimmed;
 * changing one sends only what differs from the key, a secret only when a new one is typed (the
 * old one is never shown), and takes a reason; a change that changes nothing is not sent.
 */

const TEXTS = 'platformKeys.fields';

export interface KeyDraft {
  /** '' until chosen (the all-games page); a game page fixes it. */
  game: GameId | '';
  name: string;
  platform: Platform | '';
  secret: string;
  note: string;
}

/** The form adding a key to `game` ('' for the operator to choose). */
export function newKeyForm(game: GameId | '') {
  return {
    endpoint: 'platformKeys.create' as const,
    name: 'key',
    texts: TEXTS,
    initial: { game, name: '', platform: '', secret: '', note: '' } as KeyDraft,
  };
}

export type KeyChangeDraft = Omit<KeyDraft, 'game'> & { reason: string };

/** A text field's value to send: the trimmed text where it differs from the key's. */
const ifChanged = (typed: string, was: string) => (typed.trim() !== was ? typed.trim() : undefined);

/** The fields a change may send; with none of them the draft changes nothing. */
const CHANGEABLE = ['name', 'platform', 'secret', 'note'] as const;

/** The form changing `key`: its fields, and an empty secret (typing one replaces it). */
export function keyChangeForm(key: PlatformKey) {
  return {
    endpoint: 'platformKeys.update' as const,
    name: 'key',
    texts: TEXTS,
    initial: {
      name: key.name,
      platform: key.platform,
      secret: '',
      note: key.note,
      reason: '',
    } as KeyChangeDraft,
    fixed: { game: key.game, keyId: key.id },
    parse: {
      name: (d: KeyChangeDraft) => ifChanged(d.name, key.name),
      platform: (d: KeyChangeDraft) =>
        d.platform !== '' && d.platform !== key.platform ? d.platform : undefined,
      secret: (d: KeyChangeDraft) => d.secret.trim() || undefined,
      note: (d: KeyChangeDraft) => ifChanged(d.note, key.note),
    },
    invalid: (f: string) => (f === 'reason' ? 'confirm.reasonInvalid' : undefined),
    note: (candidate: Record<string, unknown>) =>
      CHANGEABLE.some((f) => f in candidate) ? undefined : 'platformKeys.form.nothingChanged',
  };
}
