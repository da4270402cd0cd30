import { useState } from 'react';
import { Button, Callout, Intent } from '@blueprintjs/core';
import { useMutation } from '@tanstack/react-query';
import { useUrlSearch } from '../kit/useUrlSearch.js';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { LOG_EXPORT_CAP, type SystemLogRow } from '../../shared/api/systemLogs.js';
import type { InputOf } from '../../shared/api/table.js';
import { AUDIT_KINDS } from '../../shared/api/users.js';
import { Codes } from '../../shared/codes.js';
import { asResultError } from '../bridge/result.js';
import { RefetchSpinner } from '../components/QueryState.js';
import { errorSentence } from '../components/errorText.js';
import { useToasts } from '../components/Toaster.js';
import { ListTime } from '../components/ListTime.js';
import { auditActionName, gameName } from '../kit/audit.js';
import { callEndpoint } from '../kit/data.js';
import { FilterBar } from '../kit/FilterBar.js';
import { ListBody, useTableSort } from '../kit/ListPage.js';
import { pickOne } from '../kit/listParams.js';
import { RowsTable } from '../kit/RowsTable.js';
import { useListController, type ListController } from '../kit/useListController.js';
import { useLanguage } from '../i18n/i18n.js';
import { exportFileName } from '../../shared/csv.js';
import { EntryDrawer, OutcomeTag } from './EntryDrawer.js';
import { auditCsv } from './exportRows.js';
import { AUDIT_PARAMS, auditFilters, idParam } from './filters.js';
import { downloadText } from '../kit/download.js';

type ExportNote = { count: number; capped: boolean; file: string };

/** The filters of the page shown, as the export takes them (no paging, no sort). */
function exportInput(sent: object): InputOf<'systemLogs.export'> {
  const { page: _p, pageSize: _s, sort: _c, order: _o, ...filters } = sent as Record<string, unknown>;
  return filters as InputOf<'systemLogs.export'>;
}

/** The export of the entries the filters match, and the note saying what the file holds. */
function useExport(list: ListController<SystemLogRow>) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const toasts = useToasts();
  const [note, setNote] = useState<ExportNote | null>(null);
  const exporting = useMutation({
    mutationFn: async () => (list.sent ? callEndpoint('systemLogs.export', exportInput(list.sent)) : null),
    onSuccess: (data) => {
      if (!data) return;
      // One zone for the whole file, named in the time column's heading.
      const offsetMinutes = -new Date().getTimezoneOffset();
      const file = exportFileName('system-logs', new Date());
      downloadText(auditCsv(data.items, { t, lang, offsetMinutes }), file, 'text/csv');
      setNote({ count: data.items.length, capped: data.capped, file });
      toasts.result(t('systemLogs.export.done', { count: data.items.length, file }));
    },
    onError: (err) =>
      toasts.error(
        `${t('systemLogs.export.failed')}: ${errorSentence(asResultError(err, Codes.NETWORK), lang)}`,
      ),
  });
  return { exporting, note };
}

const auditColumns = (t: TFunction) => [
  { name: t('systemLogs.field.at'), sortKey: 'at' },
  { name: t('systemLogs.field.operator') },
  { name: t('systemLogs.field.action') },
  { name: t('systemLogs.field.game') },
  { name: t('systemLogs.field.target') },
  { name: t('systemLogs.field.reason') },
  { name: t('systemLogs.field.outcome') },
  { name: t('systemLogs.field.clientIp') },
  // The column of the Open buttons is named too: an empty header reads as nothing.
  { name: t('systemLogs.field.open') },
];

/**
 * The audit trail: every operator action and sign-in, newest first, filtered by operator, kind,
 * action, game, outcome and days (all in the URL), paged by the server; an entry opens with its
 * before/after difference; the filtered entries export to CSV.
 */
export function AuditTrail() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [search] = useUrlSearch();
  const kind = pickOne(search.get(AUDIT_PARAMS.kind), AUDIT_KINDS);
  const list = useListController({
    endpoint: 'systemLogs.audit',
    input: {},
    filters: auditFilters({ t, lang }, kind),
    pageParam: AUDIT_PARAMS.page,
  });
  const sort = useTableSort(list);
  const { exporting, note } = useExport(list);
  const entryId = idParam(list.search.get(AUDIT_PARAMS.entry));
  // Opening or closing an entry keeps the page (any other change of the URL goes back to page 1).
  const openEntry = (id: number | '') =>
    list.update({ [AUDIT_PARAMS.entry]: id, [AUDIT_PARAMS.page]: list.page });
  const onlyOperator = (name: string) =>
    list.update({ [AUDIT_PARAMS.operator]: name, [AUDIT_PARAMS.entry]: '' });

  return (
    <div className="system-logs" data-testid="audit-trail">
      <div className="toolbar logs-filters" data-testid="logs-filters">
        <FilterBar list={list} testId="logs" />
        <span className="toolbar-spacer" />
        <RefetchSpinner query={list.query} />
        <Button
          icon="export"
          text={t('systemLogs.export.button')}
          title={t('systemLogs.export.help', { cap: LOG_EXPORT_CAP.toLocaleString(lang) })}
          loading={exporting.isPending}
          disabled={list.sent === null || (list.query.data?.total ?? 0) === 0}
          onClick={() => exporting.mutate()}
          data-testid="logs-export"
        />
      </div>
      {note && (
        <Callout
          intent={note.capped ? Intent.WARNING : Intent.SUCCESS}
          icon={note.capped ? 'warning-sign' : 'tick'}
          data-testid="logs-export-note"
        >
          {note.capped
            ? t('systemLogs.export.capped', { count: note.count.toLocaleString(lang), file: note.file })
            : t('systemLogs.export.done', { count: note.count, file: note.file })}
        </Callout>
      )}
      <ListBody
        list={list}
        testId="logs"
        icon="history"
        texts={{
          failed: t('systemLogs.audit.loadFailed'),
          empty: t('systemLogs.audit.empty'),
          filteredEmpty: () => t('systemLogs.audit.noMatches'),
          count: (count) => t('systemLogs.audit.count', { count: count.toLocaleString(lang) }),
          countCapped: (count) => t('systemLogs.audit.countCapped', { count: count.toLocaleString(lang) }),
        }}
        table={(rows) => (
          <RowsTable
            columns={auditColumns(t)}
            rowCount={rows.length}
            testId="logs"
            sort={sort}
            interactive
            className="logs-table"
          >
            {rows.map((e) => (
              <LogRow key={e.id} entry={e} onOpen={() => openEntry(e.id)} onOperator={onlyOperator} />
            ))}
          </RowsTable>
        )}
      />
      {entryId !== null && <EntryDrawer entryId={entryId} onClose={() => openEntry('')} />}
    </div>
  );
}

function LogRow({
  entry: e,
  onOpen,
  onOperator,
}: {
  entry: SystemLogRow;
  onOpen: () => void;
  onOperator: (name: string) => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <tr data-testid={`log-${e.id}`} data-action={e.action} onClick={onOpen}>
      <td className="logs-at">
        <ListTime at={e.at} />
      </td>
      <td>
        <Button
          size="small"
          variant="minimal"
          text={e.operator}
          title={t('systemLogs.audit.onlyOperator', { name: e.operator })}
          onClick={(ev) => {
            ev.stopPropagation();
            onOperator(e.operator);
          }}
        />
      </td>
      <td title={e.action}>{auditActionName(t, e.action)}</td>
      <td>{gameName(e.game, lang) ?? t('systemLogs.noGame')}</td>
      <td className="logs-text" title={e.target}>
        {e.target}
      </td>
      <td className="logs-text" title={e.reason ?? ''}>
        {e.reason ?? ''}
      </td>
      <td>
        <OutcomeTag outcome={e.outcome} code={e.code} />
      </td>
      <td>{e.clientIp}</td>
      <td>
        <Button
          size="small"
          variant="minimal"
          icon={e.hasChanges ? 'changes' : 'eye-open'}
          text={t('systemLogs.audit.open')}
          onClick={(ev) => {
            ev.stopPropagation();
            onOpen();
          }}
          data-testid={`log-open-${e.id}`}
        />
      </td>
    </tr>
  );
}
