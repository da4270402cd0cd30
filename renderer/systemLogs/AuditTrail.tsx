import { useState } from 'react';
import { Button, Callout, InputGroup, Intent } from '@blueprintjs/core';
import { HTMLSelect } from '../components/HTMLSelect.js';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LOG_EXPORT_CAP, OUTCOMES, type SystemLogRow } from '../../shared/api/systemLogs.js';
import { AUDIT_KINDS, auditKindOf } from '../../shared/api/users.js';
import { GAME_LIST } from '../../shared/games.js';
import { Codes } from '../../shared/codes.js';
import { asResultError } from '../bridge/result.js';
import { RefetchSpinner } from '../components/QueryState.js';
import { errorSentence } from '../components/errorText.js';
import { useToasts } from '../components/Toaster.js';
import { ListTime } from '../components/ListTime.js';
import { AUDITED_ACTIONS, auditActionName, gameName } from '../kit/audit.js';
import { callEndpoint, useEndpointQuery } from '../kit/data.js';
import { SearchOnSubmit } from '../kit/SearchBox.js';
import { useListParams } from '../kit/useListParams.js';
import { useLanguage } from '../i18n/i18n.js';
import { exportFileName } from '../kit/csv.js';
import { EntryDrawer, OutcomeTag } from './EntryDrawer.js';
import { LogTable } from './LogTable.js';
import { auditCsv } from './exportRows.js';
import {
  AUDIT_PARAMS,
  auditInput,
  clearAuditPatch,
  idParam,
  isFiltered,
  readAuditFilters,
} from './filters.js';
import { downloadText } from '../kit/download.js';

export const LOG_PAGE_SIZE = 20;

/**
 * The audit trail: every operator action and sign-in, newest first, filtered by operator, kind,
 * action, game, outcome and days (all in the URL), paged by the server; an entry opens with its
 * before/after difference; the filtered entries export to CSV.
 */
export function AuditTrail() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const toasts = useToasts();
  const { search, page, update } = useListParams(AUDIT_PARAMS.page);
  const f = readAuditFilters(search);
  const query = auditInput(f);
  const reversed = query === 'reversed';
  const logs = useEndpointQuery(
    'systemLogs.audit',
    reversed ? { pageSize: LOG_PAGE_SIZE } : { ...query, page, pageSize: LOG_PAGE_SIZE },
    { keepPrevious: true, enabled: !reversed },
  );
  const entryId = idParam(search.get(AUDIT_PARAMS.entry));
  // Opening or closing an entry keeps the page (any other change of the URL goes back to page 1).
  const openEntry = (id: number | '') => update({ [AUDIT_PARAMS.entry]: id, [AUDIT_PARAMS.page]: page });
  const [exportNote, setExportNote] = useState<{ count: number; capped: boolean; file: string } | null>(null);
  const exporting = useMutation({
    mutationFn: async () => {
      if (query === 'reversed') return null;
      return callEndpoint('systemLogs.export', query);
    },
    onSuccess: (data) => {
      if (!data) return;
      // One zone for the whole file, named in the time column's heading.
      const offsetMinutes = -new Date().getTimezoneOffset();
      const file = exportFileName('system-logs', new Date());
      downloadText(auditCsv(data.items, { t, lang, offsetMinutes }), file, 'text/csv');
      setExportNote({ count: data.items.length, capped: data.capped, file });
      toasts.result(t('systemLogs.export.done', { count: data.items.length, file }));
    },
    onError: (err) =>
      toasts.error(
        `${t('systemLogs.export.failed')}: ${errorSentence(asResultError(err, Codes.NETWORK), lang)}`,
      ),
  });

  const actions = AUDITED_ACTIONS.filter((a) => !f.kind || auditKindOf(a) === f.kind)
    .map((a) => ({ value: a, label: auditActionName(t, a) }))
    .sort((x, y) => x.label.localeCompare(y.label, lang));
  const set = (param: string) => (value: string) => update({ [param]: value, [AUDIT_PARAMS.entry]: '' });

  const body = (
    <LogTable
      texts="audit"
      testId="logs"
      query={logs}
      reversed={reversed}
      filtered={isFiltered(f)}
      emptyIcon="history"
      pageSize={LOG_PAGE_SIZE}
      onPage={(p) => update({ [AUDIT_PARAMS.page]: p })}
      interactive
      columns={[
        t('systemLogs.field.at'),
        t('systemLogs.field.operator'),
        t('systemLogs.field.action'),
        t('systemLogs.field.game'),
        t('systemLogs.field.target'),
        t('systemLogs.field.reason'),
        t('systemLogs.field.outcome'),
        t('systemLogs.field.clientIp'),
        // The column of the Open buttons is named too: an empty header reads as nothing.
        t('systemLogs.field.open'),
      ]}
      row={(e) => (
        <LogRow key={e.id} entry={e} onOpen={() => openEntry(e.id)} onOperator={set(AUDIT_PARAMS.operator)} />
      )}
    />
  );

  return (
    <div className="system-logs" data-testid="audit-trail">
      <div className="toolbar logs-filters" data-testid="logs-filters">
        <SearchOnSubmit
          key={f.operator ?? ''}
          initial={f.operator ?? ''}
          onSubmit={set(AUDIT_PARAMS.operator)}
          placeholder={t('systemLogs.filter.operator')}
          submitText={t('systemLogs.filter.apply')}
          icon="person"
          maxLength={200}
          testId="logs-operator"
        />
        <HTMLSelect
          value={f.kind ?? ''}
          onChange={(e) =>
            update({
              [AUDIT_PARAMS.kind]: e.currentTarget.value,
              [AUDIT_PARAMS.action]: '',
              [AUDIT_PARAMS.entry]: '',
            })
          }
          aria-label={t('systemLogs.filter.kind')}
          data-testid="logs-kind"
        >
          <option value="">{t('systemLogs.filter.allKinds')}</option>
          {AUDIT_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`systemLogs.kind.${k}`)}
            </option>
          ))}
        </HTMLSelect>
        <HTMLSelect
          value={f.action ?? ''}
          onChange={(e) => set(AUDIT_PARAMS.action)(e.currentTarget.value)}
          aria-label={t('systemLogs.filter.action')}
          data-testid="logs-action"
          className="logs-action-select"
        >
          <option value="">{t('systemLogs.filter.allActions')}</option>
          {f.action && !actions.some((a) => a.value === f.action) && (
            <option value={f.action}>{auditActionName(t, f.action)}</option>
          )}
          {actions.map((a) => (
            <option key={a.value} value={a.value}>
              {a.label}
            </option>
          ))}
        </HTMLSelect>
        <HTMLSelect
          value={f.game ?? ''}
          onChange={(e) => set(AUDIT_PARAMS.game)(e.currentTarget.value)}
          aria-label={t('systemLogs.filter.game')}
          data-testid="logs-game"
        >
          <option value="">{t('systemLogs.filter.allGames')}</option>
          {GAME_LIST.map((g) => (
            <option key={g.id} value={g.id}>
              {g.names[lang]}
            </option>
          ))}
          <option value="none">{t('systemLogs.noGame')}</option>
        </HTMLSelect>
        <HTMLSelect
          value={f.outcome ?? ''}
          onChange={(e) => set(AUDIT_PARAMS.outcome)(e.currentTarget.value)}
          aria-label={t('systemLogs.filter.outcome')}
          data-testid="logs-outcome"
        >
          <option value="">{t('systemLogs.filter.allOutcomes')}</option>
          {OUTCOMES.map((o) => (
            <option key={o} value={o}>
              {t(`systemLogs.outcome.${o}`)}
            </option>
          ))}
        </HTMLSelect>
        <label className="logs-day">
          {t('systemLogs.filter.from')}
          <InputGroup
            type="date"
            value={f.from ?? ''}
            onValueChange={set(AUDIT_PARAMS.from)}
            data-testid="logs-from"
          />
        </label>
        <label className="logs-day">
          {t('systemLogs.filter.to')}
          <InputGroup
            type="date"
            value={f.to ?? ''}
            onValueChange={set(AUDIT_PARAMS.to)}
            data-testid="logs-to"
          />
        </label>
        {isFiltered(f) && (
          <Button
            variant="minimal"
            icon="cross"
            text={t('kit.list.clearFilters')}
            onClick={() => update(clearAuditPatch)}
            data-testid="logs-clear"
          />
        )}
        <span className="toolbar-spacer" />
        <RefetchSpinner query={logs} />
        <Button
          icon="export"
          text={t('systemLogs.export.button')}
          title={t('systemLogs.export.help', { cap: LOG_EXPORT_CAP.toLocaleString(lang) })}
          loading={exporting.isPending}
          disabled={reversed || (logs.data?.total ?? 0) === 0}
          onClick={() => exporting.mutate()}
          data-testid="logs-export"
        />
      </div>
      {exportNote && (
        <Callout
          intent={exportNote.capped ? Intent.WARNING : Intent.SUCCESS}
          icon={exportNote.capped ? 'warning-sign' : 'tick'}
          data-testid="logs-export-note"
        >
          {exportNote.capped
            ? t('systemLogs.export.capped', {
                count: exportNote.count.toLocaleString(lang),
                file: exportNote.file,
              })
            : t('systemLogs.export.done', { count: exportNote.count, file: exportNote.file })}
        </Callout>
      )}
      {body}
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
