import { useState, type ReactNode } from 'react';
import { Classes, Drawer, DrawerSize, HTMLTable, Intent, Switch, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { FactsTable } from '../components/FactsTable.js';
import type { SystemLogEntry } from '../../shared/api/systemLogs.js';
import { QueryState } from '../components/QueryState.js';
import { formatDateTime } from '../components/format.js';
import { auditActionName, gameName } from '../kit/audit.js';
import { useEndpointQuery } from '../kit/data.js';
import { useLanguage } from '../i18n/i18n.js';
import { diffSummary, jsonDiff, type DiffKind } from './diff.js';

const KIND_INTENT: Record<DiffKind, Intent> = {
  same: Intent.NONE,
  changed: Intent.WARNING,
  added: Intent.SUCCESS,
  removed: Intent.DANGER,
};

/** One audit entry: who, what, where, why, how it went, and what it changed (before → after). */
export function EntryDrawer({ entryId, onClose }: { entryId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const entry = useEndpointQuery('systemLogs.entry', { entryId }, { staleTime: 60_000 });
  return (
    <Drawer
      isOpen
      onClose={onClose}
      size={DrawerSize.LARGE}
      icon="history"
      title={t('systemLogs.entry.title', { id: entryId })}
    >
      <div className={Classes.DRAWER_BODY}>
        <div className={Classes.DIALOG_BODY} data-testid="log-entry">
          <QueryState
            query={entry}
            failedTitle={t('systemLogs.entry.loadFailed')}
            errorTestId="log-entry-error"
          >
            {(e) => <EntryBody entry={e} />}
          </QueryState>
        </div>
      </div>
    </Drawer>
  );
}

function EntryBody({ entry }: { entry: SystemLogEntry }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [showSame, setShowSame] = useState(false);
  const rows = jsonDiff(entry.before, entry.after);
  const summary = diffSummary(rows);
  const shown = showSame ? rows : rows.filter((r) => r.kind !== 'same');
  const facts: [string, ReactNode][] = [
    [t('systemLogs.field.at'), formatDateTime(entry.at, lang)],
    [t('systemLogs.field.operator'), entry.operator],
    [
      t('systemLogs.field.action'),
      <span key="a" title={entry.action}>
        {auditActionName(t, entry.action)} <code>{entry.action}</code>
      </span>,
    ],
    [t('systemLogs.field.game'), gameName(entry.game, lang) ?? t('systemLogs.noGame')],
    [t('systemLogs.field.target'), entry.target || t('common.none')],
    [t('systemLogs.field.reason'), entry.reason ?? t('common.none')],
    [t('systemLogs.field.outcome'), <OutcomeTag key="o" outcome={entry.outcome} code={entry.code} />],
    [t('systemLogs.field.clientIp'), entry.clientIp || t('common.none')],
  ];
  return (
    <>
      <FactsTable facts={facts} className="log-facts" />
      <h4 className="log-diff-title">{t('systemLogs.entry.changes')}</h4>
      {rows.length === 0 ? (
        <p className={Classes.TEXT_MUTED} data-testid="log-diff-none">
          {t('systemLogs.entry.noChanges')}
        </p>
      ) : (
        <>
          <p className={Classes.TEXT_MUTED} data-testid="log-diff-summary">
            {t('systemLogs.entry.summary', summary)}
          </p>
          <Switch
            checked={showSame}
            label={t('systemLogs.entry.showSame')}
            onChange={(e) => setShowSame(e.currentTarget.checked)}
            data-testid="log-diff-same"
          />
          <HTMLTable compact className="log-diff" data-testid="log-diff">
            <thead>
              <tr>
                <th>{t('systemLogs.entry.path')}</th>
                <th>{t('systemLogs.entry.change')}</th>
                <th>{t('systemLogs.entry.before')}</th>
                <th>{t('systemLogs.entry.after')}</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((r) => (
                <tr key={r.path} className={`log-diff-${r.kind}`} data-kind={r.kind} data-path={r.path}>
                  <td>
                    <code>{r.path || t('systemLogs.entry.whole')}</code>
                  </td>
                  <td>
                    <Tag minimal intent={KIND_INTENT[r.kind]}>
                      {t(`systemLogs.diff.${r.kind}`)}
                    </Tag>
                  </td>
                  <td className="log-json">{r.before ?? ''}</td>
                  <td className="log-json">{r.after ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </>
      )}
      <details className="log-raw">
        <summary>{t('systemLogs.entry.raw')}</summary>
        <div className="log-raw-columns">
          <div>
            <h5>{t('systemLogs.entry.before')}</h5>
            <pre>{JSON.stringify(entry.before, null, 2)}</pre>
          </div>
          <div>
            <h5>{t('systemLogs.entry.after')}</h5>
            <pre>{JSON.stringify(entry.after, null, 2)}</pre>
          </div>
        </div>
      </details>
    </>
  );
}

export function OutcomeTag({ outcome, code }: { outcome: 'ok' | 'error'; code: number }) {
  const { t } = useTranslation();
  return (
    <Tag minimal intent={outcome === 'ok' ? Intent.SUCCESS : Intent.DANGER}>
      {outcome === 'ok' ? t('systemLogs.outcome.ok') : t('systemLogs.outcome.errorCode', { code })}
    </Tag>
  );
}
