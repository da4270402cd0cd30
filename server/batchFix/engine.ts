import type { Kysely } from 'kysely';
import {
  DRY_RUN_SAMPLES,
  type DryRun,
  type RepairChange,
  type RepairCount,
  type RepairFunction,
  type RepairSample,
} from '../../shared/api/batchFix.js';
import type { Language } from '../../shared/codes.js';
import type { GameId } from '../../shared/games.js';
import type { Database } from '../db/schema.js';

/**
 * How a repair function is made: one or more steps, each over one table, each able to count the
 * rows that need it, list them in a stable order from a cursor on (a batch), and repair a batch.
 * The dry run counts and lists the first rows; a run walks every step batch by batch. A step's
 * repair checks its condition again in the statement that changes the rows, so a row that no
 * longer needs it (someone fixed it meanwhile) is left alone, and running a function twice
 * changes nothing the second time.
 */

/** What a step works in: the game, the moment that decides ("expired", "older than a day"), who runs it. */
export interface RepairScope {
  db: Kysely<Database>;
  game: GameId;
  now: Date;
  operator: string;
  reason: string;
}

/** A row (or a group of rows) a step would repair. */
export interface Candidate {
  /** The cursor after this candidate: the step's sort key. */
  cursor: readonly (string | number)[];
  /** The key as an operator reads it. */
  label: string;
  /** How many rows it stands for (a player's orphaned rows are one candidate). */
  rows: number;
  before: unknown;
  /** What the row becomes; null when it is removed. */
  after: unknown;
}

export interface RepairStep {
  table: keyof Database & string;
  change: RepairChange;
  /** Rows that need this step now. */
  count(scope: RepairScope): Promise<number>;
  /** The next candidates after `cursor` (from the start when null), in the step's order. */
  next(scope: RepairScope, cursor: readonly (string | number)[] | null, limit: number): Promise<Candidate[]>;
  /** Repairs these candidates (rechecking each); returns the rows changed. */
  apply(scope: RepairScope, batch: readonly Candidate[]): Promise<number>;
}

export interface RepairDef {
  name: string;
  texts: RepairFunction['texts'];
  steps: readonly RepairStep[];
}

export function describe(def: RepairDef): RepairFunction {
  const touches = def.steps.map((s) => ({ table: s.table, change: s.change }));
  // One line per table and change, in step order.
  const seen = new Set<string>();
  return {
    name: def.name,
    texts: def.texts,
    touches: touches.filter((t) => {
      const k = `${t.table}:${t.change}`;
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    }),
  };
}

/** Counts per table and change, steps on the same table and change added together. */
export function mergeCounts(counts: readonly RepairCount[]): RepairCount[] {
  const out: RepairCount[] = [];
  for (const c of counts) {
    const same = out.find((o) => o.table === c.table && o.change === c.change);
    if (same) same.count += c.count;
    else out.push({ ...c });
  }
  return out;
}

/** What a run would change now, changing nothing. */
export async function dryRun(def: RepairDef, scope: RepairScope): Promise<DryRun> {
  const counts: RepairCount[] = [];
  const samples: RepairSample[] = [];
  for (const step of def.steps) {
    const count = await step.count(scope);
    counts.push({ table: step.table, change: step.change, count });
    const room = DRY_RUN_SAMPLES - samples.length;
    if (count === 0 || room <= 0) continue;
    for (const c of await step.next(scope, null, room)) {
      samples.push({
        table: step.table,
        change: step.change,
        key: c.label,
        before: c.before,
        after: c.after,
      });
    }
  }
  const merged = mergeCounts(counts);
  return {
    name: def.name,
    at: scope.now.toISOString(),
    total: merged.reduce((n, c) => n + c.count, 0),
    counts: merged,
    samples,
  };
}

/** A function's title in a language, for messages. */
export function titleOf(def: RepairDef, lang: Language): string {
  return def.texts[lang].title;
}
