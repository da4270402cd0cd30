import { Button, Classes, Spinner, type IconName } from '@blueprintjs/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../components/EmptyState.js';
import { Pager, type Page } from '../components/Pager.js';
import { QueryState } from '../components/QueryState.js';
import type { TableColumn } from '../components/tableColumns.js';
import { ListTable } from './ListTable.js';
import { MODERATION_PAGE_SIZE } from './moderationApi.js';

/**
 * Every moderation list, its states said the same way everywhere: loading, failed (with retry),
 * a page past the end (after deletions), empty (with or without filters), or its rows in a
 * ListTable with the count and the pager.
 */
export function ListBody<T>({
  query,
  columns,
  failedTitle,
  empty,
  filtered,
  onPage,
  testId,
}: {
  query: UseQueryResult<Page<T>>;
  columns: readonly TableColumn<T>[];
  failedTitle: string;
  /** What an empty list says: `title` with no filter set, else `filteredTitle` ("nothing matches"). */
  empty: { icon: IconName; title: string; filteredTitle?: string };
  /** Whether any filter is set, to say "nothing matches" instead of "nothing yet". */
  filtered: boolean;
  onPage: (page: number) => void;
  /**
   * The list's test id; the table's is the same with `-table`. An empty list still has an element
   * by the table's id, with 0 rows, so a test waiting for a row count sees the list become empty
   * instead of the table vanish.
   */
  testId: string;
}) {
  const { t } = useTranslation();
  const tableTestId = `${testId}-table`;
  return (
    <QueryState
      query={query}
      failedTitle={failedTitle}
      spinner={<Spinner data-testid={`${testId}-loading`} />}
      errorTestId={`${testId}-error`}
    >
      {(data) => {
        if (data.total > 0 && data.items.length === 0) {
          return (
            <div data-testid={tableTestId} data-row-count={0}>
              <EmptyState
                icon="arrow-left"
                title={t('moderation.list.pastEnd')}
                action={<Button onClick={() => onPage(1)} text={t('moderation.list.firstPage')} />}
                testId={`${testId}-past-end`}
              />
            </div>
          );
        }
        if (data.total === 0) {
          return (
            <div data-testid={tableTestId} data-row-count={0}>
              <EmptyState
                icon={empty.icon}
                title={filtered ? (empty.filteredTitle ?? t('moderation.list.noMatches')) : empty.title}
                testId={`${testId}-empty`}
              />
            </div>
          );
        }
        return (
          <>
            <p className={Classes.TEXT_MUTED} data-testid={`${testId}-count`}>
              {t('moderation.list.count', { count: data.total })}
            </p>
            <ListTable rows={data.items} columns={columns} testId={tableTestId} />
            <Pager
              page={data.page}
              pageSize={MODERATION_PAGE_SIZE}
              total={data.total}
              onPage={onPage}
              testId={`${testId}-pager`}
            />
          </>
        );
      }}
    </QueryState>
  );
}
