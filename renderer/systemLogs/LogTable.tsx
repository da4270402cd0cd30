import type { ReactNode } from 'react';
import { Callout, Classes, HTMLTable, Intent, Spinner, type IconName } from '@blueprintjs/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../components/EmptyState.js';
import { QueryErrorCallout } from '../components/QueryState.js';
import { Pager } from '../kit/Pager.js';
import { useLanguage } from '../i18n/i18n.js';

/** A page of a log as the server sends it: the total is counted up to a cap. */
export interface CappedPage<T> {
  items: T[];
  total: number;
  page: number;
  totalCapped: boolean;
}

/**
 * The body of both logs of the system-logs page (the audit trail and the backend's events): a
 * range given backwards, loading, failure, nothing found, or the count (capped), the table and
 * the pager. Texts are `systemLogs.<texts>.*`, test ids `<testId>-*`.
 */
export function LogTable<T extends { id: number }>(props: {
  texts: 'audit' | 'events';
  testId: string;
  query: UseQueryResult<CappedPage<T>>;
  reversed: boolean;
  filtered: boolean;
  emptyIcon: IconName;
  pageSize: number;
  onPage: (page: number) => void;
  /** Rows open something on click. */
  interactive?: boolean;
  /** The column headings, translated; every column has one (a screen reader reads it per cell). */
  columns: readonly string[];
  row: (item: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { query, testId, texts } = props;
  if (props.reversed) {
    return (
      <Callout intent={Intent.WARNING} icon="calendar" data-testid={`${testId}-reversed`}>
        {t('systemLogs.filter.reversed')}
      </Callout>
    );
  }
  if (query.isPending) return <Spinner size={24} />;
  if (query.error) {
    return (
      <QueryErrorCallout
        title={t(`systemLogs.${texts}.loadFailed`)}
        query={query}
        testId={`${testId}-error`}
      />
    );
  }
  const data = query.data;
  if (data.total === 0) {
    return (
      <EmptyState
        icon={props.filtered ? 'filter' : props.emptyIcon}
        title={props.filtered ? t(`systemLogs.${texts}.noMatches`) : t(`systemLogs.${texts}.empty`)}
        testId={`${testId}-empty`}
      />
    );
  }
  const count = { count: data.total.toLocaleString(lang) };
  return (
    <>
      <p className={Classes.TEXT_MUTED} data-testid={`${testId}-count`}>
        {data.totalCapped
          ? t(`systemLogs.${texts}.countCapped`, count)
          : t(`systemLogs.${texts}.count`, count)}
      </p>
      <div className="kit-table-scroll">
        <HTMLTable
          compact
          striped
          interactive={props.interactive ?? false}
          className="logs-table"
          data-testid={testId}
          data-row-count={data.items.length}
        >
          <thead>
            <tr>
              {props.columns.map((c, i) => (
                <th key={i}>{c}</th>
              ))}
            </tr>
          </thead>
          <tbody>{data.items.map((item) => props.row(item))}</tbody>
        </HTMLTable>
      </div>
      <Pager
        page={data.page}
        pageSize={props.pageSize}
        total={data.total}
        onPage={props.onPage}
        testId={`${testId}-pager`}
      />
    </>
  );
}
