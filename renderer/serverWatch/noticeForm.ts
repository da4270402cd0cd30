import type { NoticeKind, NoticeRule } from '../../shared/api/notices.js';
import type { InputOf } from '../../shared/api/table.js';
import type { GameId } from '../../shared/games.js';
import { outcome, schemaErrors, type Checked } from '../kit/form.js';

/**
 * The message notice form. Players are typed as a count; income in yuan with up to two decimals,
 * sent in fen (the backend's minor units), converted in text so 0.29 stays 29 fen.
 */

export const NOTICE_FIELDS = ['game', 'kind', 'threshold', 'byHour', 'enabled', 'note'] as const;
export type NoticeField = (typeof NOTICE_FIELDS)[number];

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

export type NoticeInput = Omit<InputOf<'notices.save'>, 'reason'>;

export const isIncome = (k: NoticeKind): boolean => k === 'incomeBelow';

/** What a wrong field is told; the threshold is said in players or in yuan, as the kind counts it. */
export const noticeInvalidKey = (f: NoticeField, d?: NoticeDraft): string =>
  f === 'threshold' && d
    ? `serverWatch.noticeInvalid.threshold.${isIncome(d.kind) ? 'income' : 'players'}`
    : `serverWatch.noticeInvalid.${f}`;

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

export function checkNotice(d: NoticeDraft, id?: number): Checked<NoticeInput, NoticeField> {
  const text = d.threshold.trim();
  const threshold = isIncome(d.kind) ? (fenOf(text) ?? text) : /^\d+$/.test(text) ? Number(text) : text;
  const hour = d.byHour.trim();
  const candidate: Record<string, unknown> = {
    ...(id === undefined ? {} : { id }),
    game: d.game,
    kind: d.kind,
    threshold,
    byHour: isIncome(d.kind) ? (/^\d+$/.test(hour) ? Number(hour) : hour) : null,
    enabled: d.enabled,
    note: d.note.trim(),
  };
  const errors = schemaErrors('notices.save', candidate, NOTICE_FIELDS, (f) => noticeInvalidKey(f, d));
  return outcome(candidate as NoticeInput, errors);
}
