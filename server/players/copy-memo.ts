import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * The big copies of the player cache, kept in this process as the UTF-8 bytes they are answered
 * as. The database stays the only authority: every read still asks it for the copy's row, with
 * its version (the row version's `xmin` and `ctid`, new on every write of the row), and only when
 * that version is the one held here does the database leave the text out of its answer. So a
 * copy rewritten by another instance, a fresh read or the data repair is read again at once, and
 * nothing needs telling when a copy changes.
 *
 * Why (issue 23): a 10,000-piece equipment copy is 2 MB; read from the database, decoded into a
 * string, spliced into the envelope and encoded again, it cost the backend about 20 ms and 10 MB of
 * garbage a read, on the hot path of the player page. Held as bytes it costs a copy into the
 * answer.
 *
 * Kept per database handle (a backend's primary and its replica each have their own, and two
 * backends in one process never share one: their row versions can coincide), least recently
 * used first out, within a byte budget. Copies under `MIN_BYTES` are not kept: reading them costs
 * next to nothing.
 */

/** The bytes all held copies of one database handle may take. */
export const COPY_MEMO_BYTES = 64 * 1024 * 1024;
/** Copies smaller than this are read from the database each time. */
export const COPY_MEMO_MIN_BYTES = 64 * 1024;

export interface HeldCopy {
  version: string;
  bytes: Uint8Array;
}

export class CopyMemo {
  readonly #budget: number;
  readonly #min: number;
  /** In order of use, least recent first (a Map keeps insertion order). */
  readonly #held = new Map<string, HeldCopy>();
  #bytes = 0;

  constructor(budget = COPY_MEMO_BYTES, min = COPY_MEMO_MIN_BYTES) {
    this.#budget = budget;
    this.#min = min;
  }

  /** The copy held under `key`, marked as just used. */
  get(key: string): HeldCopy | undefined {
    const held = this.#held.get(key);
    if (held) {
      this.#held.delete(key);
      this.#held.set(key, held);
    }
    return held;
  }

  /** Holds `text` (as UTF-8) as version `version` of `key`, when it is big enough to be worth it. */
  keep(key: string, version: string, text: string): Uint8Array | undefined {
    this.drop(key);
    if (text.length < this.#min) return undefined;
    const bytes = Buffer.from(text, 'utf8');
    if (bytes.length > this.#budget) return undefined;
    this.#held.set(key, { version, bytes });
    this.#bytes += bytes.length;
    for (const [oldest, copy] of this.#held) {
      if (this.#bytes <= this.#budget) break;
      this.#held.delete(oldest);
      this.#bytes -= copy.bytes.length;
    }
    return bytes;
  }

  drop(key: string): void {
    const held = this.#held.get(key);
    if (!held) return;
    this.#held.delete(key);
    this.#bytes -= held.bytes.length;
  }

  /** What is held: copies and bytes. */
  get size(): { copies: number; bytes: number } {
    return { copies: this.#held.size, bytes: this.#bytes };
  }
}

const memos = new WeakMap<Kysely<Database>, CopyMemo>();

/** The memo of one database handle. */
export function copyMemoOf(db: Kysely<Database>): CopyMemo {
  let memo = memos.get(db);
  if (!memo) {
    memo = new CopyMemo();
    memos.set(db, memo);
  }
  return memo;
}
