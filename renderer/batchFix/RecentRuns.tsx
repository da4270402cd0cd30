import { Button, Code, H4 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { RepairJob } from '../../shared/api/batchFix.js';
import { ListTime } from '../components/ListTime.js';
import { ListBody } from '../kit/ListPage.js';
import { RowsTable } from '../kit/RowsTable.js';
import { useListController } from '../kit/useListController.js';
import { useLanguage } from '../i18n/i18n.js';
import { isActive, POLL_MS, type BatchFixGame } from './jobs.js';
import { StatusTag } from './StatusTag.js';
import { useRunParam } from './useRunParam.js';

/** The page number of the runs in the URL (the page's own `run` is the one shown). */
const RUNS_PAGE = 'runsPage';
const COLUMNS = ['id', 'name', 'status', 'changed', 'operator', 'reason', 'started', 'finished'] as const;

/** One page of runs, each opening its progress and result above. */
function RunsTable({ rows }: { rows: readonly RepairJob[] }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { show } = useRunParam();
  return (
    <RowsTable
      columns={COLUMNS.map((c) => ({ name: t(`batchFix.jobs.${c}`) }))}
      rowCount={rows.length}
      testId="batchfix-jobs-table"
      className="batchfix-jobs"
    >
      {rows.map((j) => (
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
    </RowsTable>
  );
}

/** The game's runs, newest first, a page at a time, read again while one of them runs. */
export function RecentRuns({ game }: { game: BatchFixGame }) {
  const { t } = useTranslation();
  const list = useListController({
    endpoint: 'batchFix.jobs',
    input: { game },
    pageParam: RUNS_PAGE,
    follow: (rows) => (rows.some((j) => isActive(j.status)) ? POLL_MS * 4 : false),
  });
  return (
    <>
      <H4 className="batchfix-section">{t('batchFix.jobs.title')}</H4>
      <ListBody
        list={list}
        texts={{ failed: t('batchFix.jobs.loadFailed'), empty: t('batchFix.jobs.empty') }}
        icon="history"
        testId="batchfix-jobs"
        table={(rows) => <RunsTable rows={rows} />}
      />
    </>
  );
}
