import type { GameId } from '../../shared/games.js';
import type { InputOf } from '../../shared/api/table.js';
import { outcome, schemaErrors, type Checked } from '../kit/form.js';
import { expiryInput, NEVER, type ExpiryValue } from './expiry.js';

/** The ban dialog's form: a hero, whom it applies to, until when. The reason is the dialog's. */
export const BAN_FIELDS = ['heroId', 'playerId', 'expiresAt'] as const;
export type BanField = (typeof BAN_FIELDS)[number];

export interface BanDraft {
  /** The hero select's value; '' until one is chosen. */
  heroId: string;
  /** '' = every player of the game. */
  playerId: string;
  expiry: ExpiryValue;
}

export const EMPTY_BAN: BanDraft = { heroId: '', playerId: '', expiry: NEVER };

export type BanInput = Omit<InputOf<'bannedHeroes.ban'>, 'reason'>;

export const banInvalidKey = (f: BanField): string =>
  f === 'expiresAt' ? 'moderation.expiry.invalid' : `moderation.invalid.bannedHeroes.${f}`;

/** The draft's own field is the error's: the expiry's input fills `expiresAt`. */
export const banClears = (changed: keyof BanDraft): readonly BanField[] => [
  changed === 'expiry' ? 'expiresAt' : changed,
];

export function checkBan(game: GameId, draft: BanDraft, now: Date): Checked<BanInput, BanField> {
  const playerId = draft.playerId.trim();
  const expiry = expiryInput(draft.expiry, now);
  const input: BanInput = {
    game,
    heroId: draft.heroId === '' ? 0 : Number(draft.heroId),
    ...(playerId ? { playerId } : {}),
    ...(expiry.expiresAt ? { expiresAt: expiry.expiresAt } : {}),
  };
  const errors = schemaErrors('bannedHeroes.ban', input, BAN_FIELDS, banInvalidKey, { reasonLater: true });
  if (expiry.error) errors.expiresAt = expiry.error;
  return outcome(input, errors);
}
