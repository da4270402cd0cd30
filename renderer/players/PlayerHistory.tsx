import { useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  Button,
  Card,
  Classes,
  ControlGroup,
  H4,
  HTMLTable,
  InputGroup,
  Intent,
  Spinner,
  Tab,
  Tabs,
  Tag,
} from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { EmptyState } from './EmptyState.js';
import { Codes } from '../../shared/codes.js';
import type { GameId } from '../../shared/games.js';
import { RECENT_LOG_DAYS } from '../../shared/api/players.js';
import type { AuditEntry } from '../../shared/api/users.js';
import { asResultError } from '../bridge/result.js';
import { ErrorCallout } from '../components/ErrorCallout.js';
import { Pager } from '../components/Pager.js';
import { formatDateTime } from '../components/format.js';
import { useLanguage } from '../i18n/i18n.js';
import { parsePage } from './searchParams.js';
import { HISTORY_PAGE_SIZE, usePlayerAudit, usePlayerLogs, type HistoryKind } from './playersApi.js';

export const HISTORY_VIEWS = ['logs', 'prelogs', 'audit'] as const;
export type HistoryView = (typeof HISTORY_VIEWS)[number];

const VIEW_PARAM = 'history';
const PAGE_PARAM = 'hpage';
const KIND_PARAM = 'hkind';

function parseView(value: string | null): HistoryView {
  return (HISTORY_VIEWS as readonly string[]).includes(value ?? '') ? (value as HistoryView) : 'logs';
}

/** Loading, failure and "nothing yet" of a history list, said the same way for all three. */
function HistoryState({
  query,
  failedTitle,
  emptyTitle,
  children,
}: {
  query: { isPending: boolean; error: unknown; refetch: () => unknown; data?: { total: number } };
  failedTitle: string;
  emptyTitle: string;
  children: () => ReactNode;
}) {
  if (query.isPending) return <Spinner size={24} />;
  if (query.error) {
    return (
      <ErrorCallout
        title={failedTitle}
        error={asResultError(query.error, Codes.NETWORK)}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (!query.data || query.data.total === 0) {
    return <EmptyState icon="history" title={emptyTitle} testId="history-empty" />;
  }
  return <>{children()}</>;
}

/** Keyed by the filter in the URL, so Back resets what is typed. */
function KindFilter({ initial, onFilter }: { initial: string; onFilter: (kind: string) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(initial);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onFilter(draft.trim());
  };
  return (
    <form onSubmit={submit} className="history-filter">
      <ControlGroup>
        <InputGroup
          type="search"
          leftIcon="filter"
          size="small"
          value={draft}
          onValueChange={setDraft}
          maxLength={32}
          placeholder={t('players.history.kindPlaceholder')}
          aria-label={t('players.history.kindPlaceholder')}
          data-testid="history-kind"
        />
        <Button type="submit" size="small" text={t('players.history.filter')} />
      </ControlGroup>
    </form>
  );
}

function LogList({
  game,
  id,
  kind,
  filter,
  page,
  onPage,
}: {
  game: GameId;
  id: string;
  kind: HistoryKind;
  filter: string;
  page: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const logs = usePlayerLogs(game, id, kind, filter, page);
  return (
    <HistoryState
      query={logs}
      failedTitle={t(`players.history.${kind}Failed`)}
      emptyTitle={
        filter
          ? t('players.history.noKind', { kind: filter })
          : t(`players.history.${kind}Empty`, { days: RECENT_LOG_DAYS })
      }
    >
      {() =>
        logs.data && (
          <>
            <HTMLTable
              compact
              striped
              className="history-table"
              data-testid="history-table"
              data-row-count={logs.data.items.length}
            >
              <thead>
                <tr>
                  <th>{t('players.history.at')}</th>
                  <th>{t('players.history.kind')}</th>
                  <th>{t('players.history.detail')}</th>
                  <th>{t('players.history.ip')}</th>
                </tr>
              </thead>
              <tbody>
                {logs.data.items.map((e) => (
                  <tr key={e.id}>
                    <td className="history-at">{formatDateTime(e.at, lang)}</td>
                    <td>
                      <code>{e.kind}</code>
                    </td>
                    <td>{e.detail}</td>
                    <td>{e.ip ?? t('common.none')}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
            <Pager
              page={logs.data.page}
              pageSize={HISTORY_PAGE_SIZE}
              total={logs.data.total}
              onPage={onPage}
              testId="history-pager"
            />
          </>
        )
      }
    </HistoryState>
  );
}

function Changes({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  if (entry.before === null && entry.after === null) return <>{t('common.none')}</>;
  return (
    <details className="audit-changes">
      <summary>{t('players.history.changes')}</summary>
      {entry.before !== null && (
        <>
          <div className={Classes.TEXT_MUTED}>{t('players.history.before')}</div>
          <pre>{JSON.stringify(entry.before, null, 2)}</pre>
        </>
      )}
      {entry.after !== null && (
        <>
          <div className={Classes.TEXT_MUTED}>{t('players.history.after')}</div>
          <pre>{JSON.stringify(entry.after, null, 2)}</pre>
        </>
      )}
    </details>
  );
}

function AuditList({
  game,
  id,
  page,
  onPage,
}: {
  game: GameId;
  id: string;
  page: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const audit = usePlayerAudit(game, id, page);
  return (
    <HistoryState
      query={audit}
      failedTitle={t('players.history.auditFailed')}
      emptyTitle={t('players.history.auditEmpty')}
    >
      {() =>
        audit.data && (
          <>
            <HTMLTable
              compact
              striped
              className="history-table"
              data-testid="history-table"
              data-row-count={audit.data.items.length}
            >
              <thead>
                <tr>
                  <th>{t('players.history.at')}</th>
                  <th>{t('players.history.operator')}</th>
                  <th>{t('players.history.action')}</th>
                  <th>{t('players.history.reason')}</th>
                  <th>{t('players.history.outcome')}</th>
                  <th>{t('players.history.changes')}</th>
                </tr>
              </thead>
              <tbody>
                {audit.data.items.map((e) => (
                  <tr key={e.id}>
                    <td className="history-at">{formatDateTime(e.at, lang)}</td>
                    <td>{e.operator}</td>
                    <td>
                      <code>{e.action}</code>
                    </td>
                    <td>{e.reason ?? t('common.none')}</td>
                    <td>
                      <Tag minimal intent={e.outcome === 'ok' ? Intent.SUCCESS : Intent.DANGER}>
                        {e.outcome === 'ok'
                          ? t('players.history.ok')
                          : t('players.history.failed', { code: e.code })}
                      </Tag>
                    </td>
                    <td>
                      <Changes entry={e} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
            <Pager
              page={audit.data.page}
              pageSize={HISTORY_PAGE_SIZE}
              total={audit.data.total}
              onPage={onPage}
              testId="history-pager"
            />
          </>
        )
      }
    </HistoryState>
  );
}

/**
 * The player's history: the game's recent log, its older log (prelogs), and what operators did to
 * the player. Which list, its page and its filter are in the URL, so a link shows the same list.
 */
export function PlayerHistory({ game, id }: { game: GameId; id: string }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const view = parseView(params.get(VIEW_PARAM));
  const page = parsePage(params.get(PAGE_PARAM));
  const filter = params.get(KIND_PARAM)?.trim() ?? '';

  const update = (patch: { view?: HistoryView; page?: number; filter?: string }) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (patch.view !== undefined) {
        if (patch.view === 'logs') next.delete(VIEW_PARAM);
        else next.set(VIEW_PARAM, patch.view);
        next.delete(PAGE_PARAM);
      }
      if (patch.filter !== undefined) {
        if (patch.filter) next.set(KIND_PARAM, patch.filter);
        else next.delete(KIND_PARAM);
        next.delete(PAGE_PARAM);
      }
      if (patch.page !== undefined) {
        if (patch.page <= 1) next.delete(PAGE_PARAM);
        else next.set(PAGE_PARAM, String(patch.page));
      }
      return next;
    });
  const onPage = (p: number) => update({ page: p });

  return (
    <Card className="player-history" data-testid="player-history">
      <div className="player-history-top">
        <H4>{t('players.history.title')}</H4>
        <Tabs
          id="player-history-tabs"
          selectedTabId={`history-${view}`}
          onChange={(tabId) => update({ view: parseView(String(tabId).replace(/^history-/, '')) })}
          animate={false}
        >
          {HISTORY_VIEWS.map((v) => (
            <Tab key={v} id={`history-${v}`} title={t(`players.history.${v}`)} data-testid={`history-${v}`} />
          ))}
        </Tabs>
        <span className="toolbar-spacer" />
        {view !== 'audit' && (
          <KindFilter key={filter} initial={filter} onFilter={(f) => update({ filter: f })} />
        )}
      </div>
      {view === 'audit' ? (
        <AuditList game={game} id={id} page={page} onPage={onPage} />
      ) : (
        <LogList game={game} id={id} kind={view} filter={filter} page={page} onPage={onPage} />
      )}
    </Card>
  );
}
