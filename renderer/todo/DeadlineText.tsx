import { useTranslation } from 'react-i18next';
import { relativeDeadline } from './deadline.js';

/** A deadline as relative time ("5m", "2h", "3d"; "overdue by 2h"), for the list and the popup. */
export function useRelativeText(): (expireAt: string, nowMs: number) => string {
  const { t } = useTranslation();
  return (expireAt, nowMs) => {
    const r = relativeDeadline(Date.parse(expireAt), nowMs);
    const time = t(`todo.relative.${r.unit}`, { n: r.amount });
    return r.overdue ? t('todo.relative.overdue', { time }) : time;
  };
}
