import { Button, Code, H4, HTMLTable } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../components/EmptyState.js';
import { QueryState } from '../components/QueryState.js';
import { ListTime } from '../components/ListTime.js';
import { callEndpoint } from '../kit/data.js';
import { queryKeyOf } from '../kit/queryKeys.js';
import { useLanguage } from '../i18n/i18n.js';
import { isActive, POLL_MS, type BatchFixGame } from './jobs.js';
import { StatusTag } from './StatusTag.js';
import { useRunParam } from './useRunParam.js';

const RECENT_RUNS = 10;

/** The game's latest runs, refreshed while one of them runs. */
export function RecentRuns({ game }: { game: BatchFixGame }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { show } = useRunParam();
  const input = { game, pageSize: RECENT_RUNS };
  const runs = useQuery({
    queryKey: queryKeyOf('batchFix.jobs', input),
    queryFn: () => callEndpoint('batchFix.jobs', input),
    refetchInterval: (q) => (q.state.data?.items.some((j) => isActive(j.status)) ? POLL_MS * 4 : false),
  });
  return (
    <>
      <H4 className="batchfix-section">{t('batchFix.jobs.title')}</H4>
      <QueryState query={runs} failedTitle={t('batchFix.jobs.loadFailed')} errorTestId="batchfix-jobs-error">
        {(data) =>
          data.items.length === 0 ? (
            <EmptyState icon="history" title={t('batchFix.jobs.empty')} testId="batchfix-jobs-empty" />
          ) : (
            <HTMLTable
              compact
              striped
              className="batchfix-jobs"
              data-testid="batchfix-jobs"
              data-row-count={data.items.length}
            >
              <thead>
                <tr>
                  <th>{t('batchFix.jobs.id')}</th>
                  <th>{t('batchFix.jobs.name')}</th>
                  <th>{t('batchFix.jobs.status')}</th>
                  <th>{t('batchFix.jobs.changed')}</th>
                  <th>{t('batchFix.jobs.operator')}</th>
                  <th>{t('batchFix.jobs.reason')}</th>
                  <th>{t('batchFix.jobs.started')}</th>
                  <th>{t('batchFix.jobs.finished')}</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((j) => (
                  <tr key={j.id} data-testid={`batchfix-job-${j.id}`}>
                    <td>
                      <Button size="small" variant="minimal" text={`#${j.id}`} onClick={() => show(j.id)} />
                    </td>
                    <td>
                      <Code>{j.name}</Code>
                    </td>
                    <td>
                      <StatusTag status={j.status} />
                    </td>
                    <td>
                      {t('batchFix.jobs.changedOf', {
                        changed: j.changed.toLocaleString(lang),
                        total: j.total.toLocaleString(lang),
                      })}
                    </td>
                    <td>{j.operator}</td>
                    <td className="batchfix-reason" title={j.reason}>
                      {j.reason}
                    </td>
                    <td>
                      <ListTime at={j.createdAt} />
                    </td>
                    <td>
                      <ListTime at={j.finishedAt} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          )
        }
      </QueryState>
    </>
  );
}
