import type { ReactNode } from 'react';
import type { IconName } from '@blueprintjs/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { EmptyState } from '../components/EmptyState.js';
import { QueryState, RefetchSpinner } from '../components/QueryState.js';
import type { ReadFrom } from '../../shared/api/read-from.js';
import { Glossary } from './Glossary.js';
import { ReadFromNote } from '../kit/ReadFromNote.js';
import { RangeBar } from './RangeBar.js';
import type { DayRange } from './range.js';
import './reports.css';

/**
 * What every report page is made of: its range on top, the report's states (loading, the
 * server's refusal, nothing in the range), what the page draws of it, and its glossary under it.
 */
export function ReportFrame<T extends { timeZone: string; readFrom?: ReadFrom | undefined }>({
  testId,
  range,
  onRange,
  report,
  failedTitle,
  empty,
  glossary,
  children,
  after,
}: {
  testId: string;
  range: DayRange;
  onRange: (r: DayRange) => void;
  report: UseQueryResult<T>;
  failedTitle: string;
  /** What the page says when the report holds nothing, or null when it has something to draw. */
  empty: (data: T) => { icon: IconName; title: string; description: string } | null;
  glossary: readonly string[];
  children: (data: T) => ReactNode;
  /** Drawn under the report once it has come (another section of the page). */
  after?: ReactNode;
}) {
  return (
    <div className="report-page" data-testid={testId}>
      <div className="report-head">
        <RangeBar range={range} onRange={onRange} zone={report.data?.timeZone} />
        <RefetchSpinner query={report} />
      </div>
      <ReadFromNote from={report.data?.readFrom} />
      <QueryState query={report} failedTitle={failedTitle} errorTestId="report-error">
        {(data) => {
          const none = empty(data);
          return none ? <EmptyState {...none} testId="report-empty" /> : children(data);
        }}
      </QueryState>
      {!report.error && report.data && after}
      <Glossary entries={glossary} />
    </div>
  );
}
