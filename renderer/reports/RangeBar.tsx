import { useMemo } from 'react';
import { Button, ButtonGroup, Classes, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useUrlSearch } from '../kit/useUrlSearch.js';
import { QUICK_RANGES, daysIn, isDay, lastDays, readRange, withRange, type DayRange } from './range.js';

/** The report's range as the URL says it, and the change that writes a new one there. */
export function useReportRange(): [DayRange, (r: DayRange) => void] {
  const [params, setParams] = useUrlSearch();
  const range = useMemo(() => readRange(params, new Date()), [params]);
  return [range, (r) => setParams((prev) => withRange(prev, r))];
}

/** A day of the range: a date field whose whole days are sent at once (half-typed ones are not). */
function DayField({
  id,
  label,
  value,
  onDay,
}: {
  id: string;
  label: string;
  value: string;
  onDay: (day: string) => void;
}) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <InputGroup
        id={id}
        type="date"
        value={isDay(value) ? value : ''}
        onChange={(e) => isDay(e.target.value) && onDay(e.target.value)}
        data-testid={id}
      />
    </>
  );
}

/**
 * The range of a report: two days (a day picked in either is sent at once; the server says when
 * the start is after the end or the range too long) and the quick choices of the last days.
 * `zone` is the studio's, from the report's answer, once it has come.
 */
export function RangeBar({
  range,
  onRange,
  zone,
}: {
  range: DayRange;
  onRange: (r: DayRange) => void;
  zone: string | undefined;
}) {
  const { t } = useTranslation();
  const days = daysIn(range);
  const onDay = (key: keyof DayRange) => (day: string) => onRange({ ...range, [key]: day });
  return (
    <div className="report-range">
      <div className="toolbar">
        <DayField
          id="report-start"
          label={t('reports.range.start')}
          value={range.start}
          onDay={onDay('start')}
        />
        <DayField id="report-end" label={t('reports.range.end')} value={range.end} onDay={onDay('end')} />
        <ButtonGroup aria-label={t('reports.range.label')}>
          {QUICK_RANGES.map((n) => (
            <Button
              key={n}
              text={t('reports.range.last', { n })}
              active={days === n && range.end === lastDays(n, new Date(), zone).end}
              onClick={() => onRange(lastDays(n, new Date(), zone))}
              data-testid={`report-last-${n}`}
            />
          ))}
        </ButtonGroup>
      </div>
      {zone && (
        <p className={Classes.TEXT_MUTED} data-testid="report-zone">
          {t('reports.range.zone', { zone })}
        </p>
      )}
    </div>
  );
}
