import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { GameId } from '../../shared/games.js';

/**
 * The key a game's servers sign their calls with (code redemptions). One per game, derived from
 * the backend's secrets key (server/platform/secrets-key.ts) with HKDF-SHA256, so nothing new
 * is stored and a game's servers never hold another game's key. The key is the 32 bytes; it is
 * handed to a game's operators as 64 hex digits (`npm run server -- game-server-key GAME`).
 */

export function gameServerKey(secretsKey: Buffer, game: GameId): Buffer {
  return Buffer.from(hkdfSync('sha256', secretsKey, Buffer.alloc(0), `gameops game-server key|${game}`, 32));
}

// A type, not an interface: a signed call's input goes where a Record<string, unknown> is wanted.
export type SignedRedeem = {
  game: GameId;
  serverId: string;
  /** The code in its stored form: no dashes or spaces, upper case (as the backend looks it up). */
  code: string;
  playerId: string;
  ts: number;
  nonce: string;
};

/** What is signed (shared/api/giftCodes.ts gameServerSignatureSchema). */
export function signedText(m: SignedRedeem): string {
  return `${m.game}\n${m.serverId}\n${m.code}\n${m.playerId}\n${m.ts}\n${m.nonce}`;
}

/** HMAC-SHA256 of the message under the game's key, lower-case hex. */
export function signRedeem(key: Buffer, m: SignedRedeem): string {
  return createHmac('sha256', key).update(signedText(m)).digest('hex');
}

/** Constant-time check of a hex signature. */
export function signatureMatches(key: Buffer, m: SignedRedeem, sig: string): boolean {
  const want = Buffer.from(signRedeem(key, m), 'hex');
  const got = Buffer.from(sig, 'hex');
  return got.length === want.length && timingSafeEqual(got, want);
}
