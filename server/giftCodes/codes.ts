import { randomBytes } from 'node:crypto';
import {
  CODE_ALPHABET,
  CODE_RANDOM_LENGTH,
  type BatchState,
  type CodeState,
} from '../../shared/api/giftCodes.js';

/**
 * The pure parts of activation codes and shop tickets: making random code text, the states of a
 * batch and of a code at a given time, and the CSV of an export.
 */

const N = CODE_ALPHABET.length;
/** Bytes at or above this would make `byte % N` favour the first characters: they are skipped. */
const UNBIASED_LIMIT = 256 - (256 % N);

/**
 * `count` codes of `prefix` + CODE_RANDOM_LENGTH characters of CODE_ALPHABET from the CSPRNG,
 * distinct among themselves (not yet checked against the database). Rejection sampling keeps
 * every character equally likely.
 */
export function randomCodes(prefix: string, count: number): string[] {
  const out = new Set<string>();
  while (out.size < count) {
    const want = count - out.size;
    // ~2% of bytes are rejected; ask for a little more than needed, and loop for the rest.
    const bytes = randomBytes(Math.ceil(want * CODE_RANDOM_LENGTH * 1.05) + 16);
    let i = 0;
    while (out.size < count) {
      let code = prefix;
      while (code.length < prefix.length + CODE_RANDOM_LENGTH && i < bytes.length) {
        const b = bytes[i++] as number;
        if (b < UNBIASED_LIMIT) code += CODE_ALPHABET[b % N];
      }
      if (code.length < prefix.length + CODE_RANDOM_LENGTH) break;
      out.add(code);
    }
  }
  return [...out];
}

export interface BatchFacts {
  enabled: boolean;
  validFrom: Date;
  validUntil: Date;
  used: number;
  total: number;
  usesPerCode: number;
}

/** A batch is valid from validFrom (inclusive) until validUntil (exclusive). */
export function batchStateAt(b: BatchFacts, now: Date): BatchState {
  if (!b.enabled) return 'disabled';
  if (now < b.validFrom) return 'notYetValid';
  if (now >= b.validUntil) return 'expired';
  if (b.used >= b.total * b.usesPerCode) return 'usedUp';
  return 'active';
}

export interface CodeFacts {
  uses: number;
  enabled: boolean;
}

/**
 * A code's state; the first that applies wins, in the order redeem checks them, so the state
 * shown is the reason a redemption would be refused.
 */
export function codeStateAt(c: CodeFacts, b: Omit<BatchFacts, 'used' | 'total'>, now: Date): CodeState {
  if (!b.enabled) return 'batchDisabled';
  if (!c.enabled) return 'disabled';
  if (now < b.validFrom) return 'notYetValid';
  if (now >= b.validUntil) return 'expired';
  if (c.uses >= b.usesPerCode) return 'usedUp';
  return c.uses > 0 ? 'used' : 'unused';
}

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote, or line break, its quotes
 * doubled. A field a spreadsheet would run as a formula (= + - @ at the start) is prefixed with
 * an apostrophe, since player ids come from game servers.
 */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let s = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** A CSV document: the header row, then the rows, each line ended by CRLF (RFC 4180). */
export function toCsv(
  header: readonly string[],
  rows: readonly (readonly (string | number | null)[])[],
): string {
  const lines = [header, ...rows].map((r) => r.map(csvField).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
