import { GAMER_FIRST, GAMER_SECOND, playerNameOf } from '../server/seed/players.js';

/**
 * What operators type into the name box, sorted into the kinds whose cost differs: one character,
 * two characters that match nobody, two Chinese characters that match many, three or more
 * Chinese characters, a common Latin word, two Latin letters, and text mixing Chinese, Latin and
 * digits. Candidates come from the seed's own names (playerNameOf), so they are what the
 * database holds at any size; the bench keeps a candidate in its kind only when the API's answer
 * fits the kind (no match at all, at least a thousandth of the game, ...), before timing starts.
 */

export interface FragmentKind {
  /** The bench row. */
  label: string;
  candidates: string[];
  /** Whether a candidate's answer fits the kind; `players` is the seed size per game. */
  fits(total: number, capped: boolean, players: number): boolean;
}

const HAN = /\p{Script=Han}/u;
const LATIN = /^[A-Za-z]+$/;

/** Every piece of `text` of `size` characters (code points). */
function windows(text: string, size: number): string[] {
  const chars = [...text];
  const out: string[] = [];
  for (let i = 0; i + size <= chars.length; i++) out.push(chars.slice(i, i + size).join(''));
  return out;
}

/** Seed rows spread evenly over 1..players (a golden-ratio walk), the same at every run. */
function sampleRows(players: number, count: number): number[] {
  const rows: number[] = [];
  for (let k = 0; k < count; k++) rows.push(1 + Math.floor(((k * 0.6180339887498949) % 1) * players));
  return rows;
}

const unique = (items: string[]) => [...new Set(items)];

export function fragmentKinds(players: number): FragmentKind[] {
  const names = sampleRows(players, 400).map(playerNameOf);
  const chinese = names.filter((n) => [...n].every((c) => HAN.test(c)));
  const gamer = names.filter((n) => !chinese.includes(n));
  // First and second words in turn: a second word is in more names (over 10,000 at a million).
  const latinWords = GAMER_FIRST.flatMap((w, i) => [w, GAMER_SECOND[i] ?? '']).filter((w) => LATIN.test(w));
  // Enough matches to be "many" at any seed size: a thousandth of the game (1,000 at a million).
  const many = (total: number, capped: boolean, n: number) => capped || total >= Math.max(2, n / 1000);
  return [
    {
      label: 'name, 1 character',
      // Mostly Chinese (a surname or a given name), some Latin letters and digits.
      candidates: unique(names.map((n, k) => [...n][k % [...n].length] ?? '')),
      fits: () => true,
    },
    {
      label: 'name, 2 characters matching none',
      // A given name's character followed by a surname, and Latin pairs no word holds.
      candidates: unique([
        ...chinese.map((n, k) => `${[...n].at(-1)}${[...(chinese[(k + 7) % chinese.length] ?? '')][0]}`),
        ...['zq', 'qz', 'xj', 'jx', 'vq', 'qv', 'zx', 'wq', 'qk', 'kq', 'jq', 'fz'],
      ]),
      fits: (total) => total === 0,
    },
    {
      label: 'name, 2 Chinese characters matching many',
      candidates: unique(
        [...names.flatMap((n) => windows(n, 2)), '猎人', '墨白', '剑客'].filter((w) =>
          [...w].every((c) => HAN.test(c)),
        ),
      ),
      fits: many,
    },
    {
      label: 'name, 3-4 Chinese characters',
      candidates: unique(chinese.filter((n) => [...n].length >= 3)),
      fits: () => true,
    },
    {
      label: 'name, a Latin word (Sable, wolf, ...)',
      candidates: unique(latinWords.flatMap((w) => [w, w.toLowerCase(), w.toUpperCase()])),
      fits: many,
    },
    {
      label: 'name, 2 Latin letters',
      candidates: unique(latinWords.flatMap((w) => windows(w.toLowerCase(), 2))),
      fits: () => true,
    },
    {
      label: 'name, mixed Chinese, Latin and digits',
      candidates: unique(
        gamer.flatMap((n) =>
          [3, 4, 5].flatMap((size) => windows(n, size).filter((w) => HAN.test(w) && /[A-Za-z0-9]/.test(w))),
        ),
      ),
      fits: (total) => total > 0,
    },
  ];
}
