import { studioTime, type GameFigures, type NoticeKind, type NoticeState } from '../../shared/api/notices.js';

/**
 * Whether a message notice's condition holds, and when it fires: once per crossing, that is when
 * its condition becomes true after being false (or not yet known), never again while it stays
 * true. Pure, so the engine and the tests read the same rule.
 */

export interface RuleCondition {
  kind: NoticeKind;
  threshold: number;
  byHour: number | null;
}

export interface Verdict {
  /** The figure the condition looked at; null when there is none (no game status reported). */
  value: number | null;
  /** null: cannot tell (no figure). */
  crossed: boolean | null;
}

export function evaluateCondition(rule: RuleCondition, figures: GameFigures, nowMs: number): Verdict {
  if (rule.kind === 'incomeBelow') {
    const value = figures.incomeToday;
    if (value === null) return { value: null, crossed: null };
    // Before the hour the income is not due yet: that is not a crossing, and a new day starts
    // every notice afresh at midnight (the income falls back to 0 then, under the hour).
    const due = studioTime(nowMs).hour >= (rule.byHour ?? 0);
    return { value, crossed: due && value < rule.threshold };
  }
  const value = figures.onlinePlayers;
  if (value === null) return { value: null, crossed: null };
  return { value, crossed: rule.kind === 'playersBelow' ? value < rule.threshold : value > rule.threshold };
}

export function nextNoticeState(prev: NoticeState, verdict: Verdict): { state: NoticeState; fire: boolean } {
  // Without a figure nothing is decided: a crossed notice stays crossed, so that the game's
  // status servers blinking out and back does not fire it a second time.
  if (verdict.crossed === null) return { state: prev, fire: false };
  if (verdict.crossed) return { state: 'crossed', fire: prev !== 'crossed' };
  return { state: 'ok', fire: false };
}
