import { Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { formatDateTime } from '../components/format.js';
import { auditActionName, gameName } from '../kit/audit.js';
import { FilterBar } from '../kit/FilterBar.js';
import { ListBody, useTableSort } from '../kit/ListPage.js';
import { RowsTable } from '../kit/RowsTable.js';
import { useListController } from '../kit/useListController.js';
import { useLanguage } from '../i18n/i18n.js';
import { AUDIT_PARAMS, AUDIT_SORT_PARAMS, auditLogFilters } from './auditFilters.js';
import './users.css';

const logColumns = (t: TFunction) => [
  { name: t('users.logs.at'), sortKey: 'at' },
  { name: t('users.logs.action') },
  { name: t('users.logs.game') },
  { name: t('users.logs.target') },
  { name: t('users.logs.reason') },
  { name: t('users.logs.outcome') },
];

/**
 * What an operator did, newest first: each action by its name in the operator's language (the
 * code on hover), the game by its name; filtered by kind, game and days, paged, all in the URL.
 */
export function AuditLog({ phone }: { phone: string }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const list = useListController({
    endpoint: 'users.logs',
    input: { phone },
    filters: auditLogFilters({ t, lang }),
    pageParam: AUDIT_PARAMS.page,
    sortParams: AUDIT_SORT_PARAMS,
  });
  const sort = useTableSort(list);
  return (
    <>
      <div className="toolbar audit-filters" data-testid="user-logs-filters">
        <FilterBar list={list} testId="user-logs" />
      </div>
      <ListBody
        list={list}
        testId="user-logs"
        icon="history"
        texts={{
          failed: t('users.logs.loadFailed'),
          empty: t('users.logs.empty'),
          filteredEmpty: () => t('users.logs.noMatches'),
        }}
        table={(rows) => (
          <RowsTable
            columns={logColumns(t)}
            rowCount={rows.length}
            testId="user-logs"
            sort={sort}
            className="logs-table"
          >
            {rows.map((e) => (
              <tr key={e.id} data-action={e.action}>
                <td>{formatDateTime(e.at, lang)}</td>
                <td title={e.action}>{auditActionName(t, e.action)}</td>
                <td>{gameName(e.game, lang) ?? t('common.none')}</td>
                <td>{e.target}</td>
                <td>{e.reason ?? t('common.none')}</td>
                <td>
                  <Tag minimal intent={e.outcome === 'ok' ? Intent.SUCCESS : Intent.DANGER}>
                    {e.outcome === 'ok' ? t('users.logs.ok') : t('users.logs.error', { code: e.code })}
                  </Tag>
                </td>
              </tr>
            ))}
          </RowsTable>
        )}
      />
    </>
  );
}
