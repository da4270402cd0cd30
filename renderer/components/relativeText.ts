import type { TFunction } from 'i18next';
import { shortSpan } from './format.js';

/** `atMs` from `nowMs` in the spec's short form, in the operator's words: "5m ago", "in 2h", "3天前". */
export function relativeText(t: TFunction, atMs: number, nowMs: number): string {
  const s = shortSpan(atMs, nowMs);
  const span = t(`kit.time.${s.unit}`, { n: s.amount });
  return t(s.past ? 'kit.time.ago' : 'kit.time.in', { span });
}
