import type { JSX, ReactNode } from 'react';
import { Button, Classes, NonIdealState, Spinner, type IconName } from '@blueprintjs/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Codes } from '../../shared/codes.js';
import { asResultError } from '../bridge/result.js';
import { ErrorCallout } from '../components/ErrorCallout.js';
import { Pager } from '../components/Pager.js';
import { MODERATION_PAGE_SIZE } from './moderationApi.js';

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * The states every moderation list goes through, said the same way everywhere: loading, failed
 * (with retry), a page past the end (after deletions), empty (with or without filters), or rows
 * with the count and the pager.
 */
export function ListBody<T>({
  query,
  failedTitle,
  empty,
  filtered,
  onPage,
  testId,
  tableTestId,
  children,
}: {
  query: UseQueryResult<Page<T>>;
  failedTitle: string;
  empty: { icon: IconName; title: string; filteredTitle: string; action?: JSX.Element };
  /** Whether any filter is set, to say "nothing matches" instead of "nothing yet". */
  filtered: boolean;
  onPage: (page: number) => void;
  testId: string;
  /**
   * The table's test id. An empty list still has an element by that id, with 0 rows, so a test
   * waiting for a row count sees the list become empty instead of the table vanish.
   */
  tableTestId: string;
  children: (items: T[]) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending) return <Spinner data-testid={`${testId}-loading`} />;
  if (query.error) {
    return (
      <ErrorCallout
        title={failedTitle}
        error={asResultError(query.error, Codes.NETWORK)}
        onRetry={() => void query.refetch()}
        testId={`${testId}-error`}
      />
    );
  }
  const data = query.data;
  if (data.total > 0 && data.items.length === 0) {
    return (
      // NonIdealState drops data-* props, so the test ids sit on wrappers.
      <div data-testid={tableTestId} data-row-count={0}>
        <div data-testid={`${testId}-past-end`}>
          <NonIdealState
            icon="arrow-left"
            title={t('moderation.list.pastEnd')}
            action={<Button onClick={() => onPage(1)} text={t('moderation.list.firstPage')} />}
          />
        </div>
      </div>
    );
  }
  if (data.total === 0) {
    return (
      <div data-testid={tableTestId} data-row-count={0}>
        <div data-testid={`${testId}-empty`}>
          <NonIdealState
            icon={empty.icon}
            title={filtered ? empty.filteredTitle : empty.title}
            action={empty.action}
          />
        </div>
      </div>
    );
  }
  return (
    <>
      <p className={Classes.TEXT_MUTED} data-testid={`${testId}-count`}>
        {t('moderation.list.count', { count: data.total })}
      </p>
      {children(data.items)}
      <Pager
        page={data.page}
        pageSize={MODERATION_PAGE_SIZE}
        total={data.total}
        onPage={onPage}
        testId={`${testId}-pager`}
      />
    </>
  );
}
