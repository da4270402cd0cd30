import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, Classes, FormGroup, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { DayRange } from './range.js';

/**
 * The range of studio days a statistics screen shows: two days and Apply (the URL holds them, so
 * a range is a link), and which zone the days are in once the server has said it.
 */
export function RangeBar({
  range,
  onApply,
  zone,
  testId,
  children,
}: {
  range: DayRange;
  onApply: (range: DayRange) => void;
  zone: string | undefined;
  testId: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [start, setStart] = useState(range.start);
  const [end, setEnd] = useState(range.end);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply({ start, end });
  };
  return (
    <form className="toolbar stats-range" onSubmit={submit} data-testid={testId}>
      <FormGroup label={t('statistics.range.start')} labelFor={`${testId}-start`} inline>
        <InputGroup
          id={`${testId}-start`}
          type="date"
          value={start}
          onChange={(e) => setStart(e.target.value)}
          data-testid={`${testId}-start`}
        />
      </FormGroup>
      <FormGroup label={t('statistics.range.end')} labelFor={`${testId}-end`} inline>
        <InputGroup
          id={`${testId}-end`}
          type="date"
          value={end}
          onChange={(e) => setEnd(e.target.value)}
          data-testid={`${testId}-end`}
        />
      </FormGroup>
      <Button
        type="submit"
        icon="refresh"
        text={t('statistics.range.apply')}
        data-testid={`${testId}-apply`}
      />
      {children}
      <span className="toolbar-spacer" />
      {zone && (
        <span className={Classes.TEXT_MUTED} data-testid={`${testId}-zone`}>
          {t('statistics.range.zone', { zone })}
        </span>
      )}
    </form>
  );
}
