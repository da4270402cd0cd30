import type { NoticeKind, NoticeRule } from '../../shared/api/notices.js';
import type { GameId } from '../../shared/games.js';

/**
 * The message notice form. Players are typed as a count; income in yuan with up to two decimals,
 * sent in fen (the backend's minor units), converted in text so 0.29 stays 29 fen.
 */

export interface NoticeDraft {
  game: GameId | '';
  kind: NoticeKind;
  /** Players, or yuan for an income notice. */
  threshold: string;
  /** Hour 0-23, income only. */
  byHour: string;
  enabled: boolean;
  note: string;
}

export const isIncome = (k: NoticeKind): boolean => k === 'incomeBelow';

export function emptyNotice(): NoticeDraft {
  return { game: '', kind: 'playersBelow', threshold: '', byHour: '18', enabled: true, note: '' };
}

/** Fen as yuan text: 12345 -> "123.45", 10000000 -> "100000". */
export function yuanText(fen: number): string {
  const whole = Math.trunc(fen / 100);
  const cents = Math.abs(fen % 100);
  return cents === 0 ? String(whole) : `${whole}.${String(cents).padStart(2, '0')}`;
}

/** Yuan text as fen, or null when it is not an amount of at most two decimals. */
export function fenOf(text: string): number | null {
  const m = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(text.trim().replace(/,/g, ''));
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

export function noticeDraftOf(r: NoticeRule): NoticeDraft {
  return {
    game: r.game,
    kind: r.kind,
    threshold: isIncome(r.kind) ? yuanText(r.threshold) : String(r.threshold),
    byHour: r.byHour === null ? '18' : String(r.byHour),
    enabled: r.enabled,
    note: r.note,
  };
}

const TEXTS = 'serverWatch.noticeFields';

/** The form adding a notice, or changing `editing` (its id fixed). */
export function noticeForm(editing?: NoticeRule) {
  return {
    endpoint: 'notices.save' as const,
    name: 'notice',
    texts: TEXTS,
    initial: editing ? noticeDraftOf(editing) : emptyNotice(),
    fixed: editing ? { id: editing.id } : {},
    parse: {
      threshold: (d: NoticeDraft) => {
        const text = d.threshold.trim();
        return isIncome(d.kind) ? (fenOf(text) ?? text) : /^\d+$/.test(text) ? Number(text) : text;
      },
      byHour: (d: NoticeDraft) => {
        const hour = d.byHour.trim();
        return isIncome(d.kind) ? (/^\d+$/.test(hour) ? Number(hour) : hour) : null;
      },
    },
    // The threshold is said in players or in yuan, as the kind counts it.
    invalid: (f: string, d: NoticeDraft) =>
      f === 'threshold' ? `${TEXTS}.threshold.invalid.${isIncome(d.kind) ? 'income' : 'players'}` : undefined,
    clears: (k: keyof NoticeDraft): readonly (keyof NoticeDraft)[] =>
      k === 'kind' ? ['kind', 'threshold', 'byHour'] : [k],
  };
}
