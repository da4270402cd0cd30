import type { ReactNode } from 'react';
import { Spinner } from '@blueprintjs/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { Codes } from '../../shared/codes.js';
import { asResultError } from '../bridge/result.js';
import { ErrorCallout } from './ErrorCallout.js';

/** A read that failed, said with its code's text and a retry that runs the read again. */
export function QueryErrorCallout({
  title,
  query,
  testId,
}: {
  title: string;
  query: { error: unknown; refetch: () => unknown };
  testId?: string;
}) {
  return (
    <ErrorCallout
      title={title}
      error={asResultError(query.error, Codes.NETWORK)}
      onRetry={() => void query.refetch()}
      testId={testId}
    />
  );
}

/**
 * The first states of every read, said the same way on every screen: a spinner while it loads,
 * the failure with a retry, then whatever the screen draws from the data.
 */
export function QueryState<T>({
  query,
  failedTitle,
  spinner,
  errorTestId,
  errorExtra,
  children,
}: {
  query: UseQueryResult<T>;
  failedTitle: string;
  /** What shows while loading; a plain spinner by default. */
  spinner?: ReactNode;
  errorTestId?: string;
  /** Shown under the failure: another way to the same data, for instance. */
  errorExtra?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <>{spinner ?? <Spinner />}</>;
  if (query.error) {
    return (
      <>
        <QueryErrorCallout title={failedTitle} query={query} testId={errorTestId} />
        {errorExtra}
      </>
    );
  }
  return <>{children(query.data)}</>;
}

/** A small spinner while data already on screen is fetched again (another page, a refetch). */
export function RefetchSpinner({ query }: { query: { isFetching: boolean; isPending: boolean } }) {
  return query.isFetching && !query.isPending ? <Spinner size={16} /> : null;
}
