import type { GameId } from '../../shared/games.js';
import { Rng } from './prng.js';
import { THEMES, type Theme } from './themes/index.js';

/**
 * What every generator of a player's data starts from: the player's seed row, their game's theme,
 * and the stretch of time they have been playing. All of it follows from (game, player), so the
 * same player always gets the same data.
 */

/** The fields of a players row the generators read. */
export interface PlayerSeed {
  id: string;
  num: number;
  name: string;
  level: number;
  createdAt: Date;
  lastLoginAt: Date | null;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** Public address blocks the generated IPs are drawn from (no private or reserved ranges). */
const FIRST_OCTETS = [
  24, 36, 45, 58, 61, 62, 73, 81, 86, 92, 98, 101, 109, 112, 117, 151, 176, 183, 185, 203, 212, 221,
];

export class GenContext {
  readonly game: GameId;
  readonly theme: Theme;
  readonly player: PlayerSeed;
  /** First and last moment of play: account creation to last sign-in (or one hour in, if never). */
  readonly start: number;
  readonly end: number;
  readonly signedIn: boolean;
  /** The player's usual addresses; the first is the one of their last sign-in. */
  readonly ips: readonly string[];
  readonly device: string;

  constructor(game: GameId, player: PlayerSeed) {
    this.game = game;
    this.theme = THEMES[game];
    this.player = player;
    this.start = player.createdAt.getTime();
    this.signedIn = player.lastLoginAt !== null;
    this.end = player.lastLoginAt ? Math.max(this.start, player.lastLoginAt.getTime()) : this.start + HOUR;
    const r = this.rng('profile');
    this.ips = Array.from({ length: r.int(1, 3) }, () =>
      [r.pick(FIRST_OCTETS), r.int(0, 255), r.int(0, 255), r.int(1, 254)].join('.'),
    );
    this.device = r.pick(this.theme.devices);
  }

  /** A random source of its own for each part, so adding a tab never changes another's rows. */
  rng(part: string): Rng {
    return new Rng(`${this.game}:${this.player.id}:${part}`);
  }

  /** Days between creation and the last sign-in. */
  get spanDays(): number {
    return (this.end - this.start) / DAY;
  }

  /** A moment of play, anywhere in the player's span. */
  anytime(r: Rng): number {
    return wholeSecond(this.start + (this.end - this.start) * r.next());
  }

  /** A moment of play, more likely near the last sign-in (recent activity weighs more). */
  recent(r: Rng): number {
    const u = r.next();
    return wholeSecond(this.end - (this.end - this.start) * u * u);
  }

  /** 0..1: how much this player has played, from level and time in the game. */
  get engagement(): number {
    const byLevel = this.player.level / 100;
    const byTime = Math.min(1, this.spanDays / 180);
    return Math.min(1, 0.15 + 0.55 * byLevel + 0.3 * byTime);
  }

  /** A count between min and max that grows with engagement. */
  count(r: Rng, min: number, max: number): number {
    const target = min + (max - min) * this.engagement;
    return Math.max(min, Math.min(max, Math.round(target * (0.6 + 0.4 * r.next()))));
  }
}

export function wholeSecond(ms: number): number {
  return Math.floor(ms / 1000) * 1000;
}

export function iso(ms: number): string {
  return new Date(ms).toISOString();
}

export { HOUR, MINUTE };
