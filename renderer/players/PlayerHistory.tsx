import { LIST_PAGE_SIZE } from '../../shared/constants.js';
import type { ReactNode } from 'react';
import { Card, Classes, H2, HTMLTable, Intent, Spinner, Tab, TabPanel, Tabs, Tag } from '@blueprintjs/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { GameId } from '../../shared/games.js';
import { RECENT_LOG_DAYS } from '../../shared/api/players.js';
import type { AuditEntry } from '../../shared/api/users.js';
import { EmptyState } from '../components/EmptyState.js';
import { QueryState } from '../components/QueryState.js';
import { formatDateTime } from '../components/format.js';
import { auditActionName } from '../kit/audit.js';
import { Pager, type Page } from '../kit/Pager.js';
import { SearchOnSubmit } from '../kit/SearchBox.js';
import { useListParams } from '../kit/useListParams.js';
import { useLanguage } from '../i18n/i18n.js';
import { usePlayerAudit, usePlayerLogs, type HistoryKind } from './playersApi.js';

export const HISTORY_VIEWS = ['logs', 'prelogs', 'audit'] as const;
export type HistoryView = (typeof HISTORY_VIEWS)[number];

const VIEW_PARAM = 'history';
const PAGE_PARAM = 'hpage';
const KIND_PARAM = 'hkind';

function parseView(value: string | null): HistoryView {
  return (HISTORY_VIEWS as readonly string[]).includes(value ?? '') ? (value as HistoryView) : 'logs';
}

/**
 * One page of a history list, said the same way for all three: loading, failure, "nothing yet",
 * then the entries (each with its time first) and the pager.
 */
function HistoryList<T extends { id: number; at: string }>({
  query,
  failedTitle,
  emptyTitle,
  headers,
  cells,
  onPage,
}: {
  query: UseQueryResult<Page<T>>;
  failedTitle: string;
  emptyTitle: string;
  /** The column titles after the time's. */
  headers: readonly string[];
  /** An entry's cells after its time. */
  cells: (entry: T) => ReactNode;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <QueryState query={query} failedTitle={failedTitle} spinner={<Spinner size={24} />}>
      {(data) =>
        data.total === 0 ? (
          <EmptyState icon="history" title={emptyTitle} testId="history-empty" />
        ) : (
          <>
            <HTMLTable
              compact
              striped
              className="history-table"
              data-testid="history-table"
              data-row-count={data.items.length}
            >
              <thead>
                <tr>
                  <th>{t('players.history.at')}</th>
                  {headers.map((h, i) => (
                    <th key={i}>{h}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.items.map((e) => (
                  <tr key={e.id}>
                    <td className="history-at">{formatDateTime(e.at, lang)}</td>
                    {cells(e)}
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
            <Pager
              page={data.page}
              pageSize={LIST_PAGE_SIZE}
              total={data.total}
              onPage={onPage}
              testId="history-pager"
            />
          </>
        )
      }
    </QueryState>
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
  const logs = usePlayerLogs(game, id, kind, filter, page);
  return (
    <HistoryList
      query={logs}
      failedTitle={t(`players.history.${kind}Failed`)}
      emptyTitle={
        filter
          ? t('players.history.noKind', { kind: filter })
          : t(`players.history.${kind}Empty`, { days: RECENT_LOG_DAYS })
      }
      headers={[t('players.history.kind'), t('players.history.detail'), t('players.history.ip')]}
      cells={(e) => (
        <>
          <td>
            <code>{e.kind}</code>
          </td>
          <td>{e.detail}</td>
          <td>{e.ip ?? t('common.none')}</td>
        </>
      )}
      onPage={onPage}
    />
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
  const audit = usePlayerAudit(game, id, page);
  return (
    <HistoryList
      query={audit}
      failedTitle={t('players.history.auditFailed')}
      emptyTitle={t('players.history.auditEmpty')}
      headers={[
        t('players.history.operator'),
        t('players.history.action'),
        t('players.history.reason'),
        t('players.history.outcome'),
        t('players.history.changes'),
      ]}
      cells={(e) => (
        <>
          <td>{e.operator}</td>
          <td title={e.action}>{auditActionName(t, e.action)}</td>
          <td>{e.reason ?? t('common.none')}</td>
          <td>
            <Tag minimal intent={e.outcome === 'ok' ? Intent.SUCCESS : Intent.DANGER}>
              {e.outcome === 'ok' ? t('players.history.ok') : t('players.history.failed', { code: e.code })}
            </Tag>
          </td>
          <td>
            <Changes entry={e} />
          </td>
        </>
      )}
      onPage={onPage}
    />
  );
}

/**
 * The player's history: the game's recent log, its older log (prelogs), and what operators did to
 * the player. Which list, its page and its filter are in the URL, so a link shows the same list;
 * another list or filter starts at its first page, and the default list is left out of the URL.
 */
export function PlayerHistory({ game, id }: { game: GameId; id: string }) {
  const { t } = useTranslation();
  const { search, page, update } = useListParams(PAGE_PARAM);
  const view = parseView(search.get(VIEW_PARAM));
  const filter = search.get(KIND_PARAM)?.trim() ?? '';
  const onPage = (p: number) => update({ [PAGE_PARAM]: p });

  return (
    <Card className="player-history" data-testid="player-history">
      <div className="player-history-top">
        <H2 className="heading-size-4">{t('players.history.title')}</H2>
        <Tabs
          id="player-history-tabs"
          selectedTabId={`history-${view}`}
          onChange={(tabId) => {
            const next = parseView(String(tabId).replace(/^history-/, ''));
            update({ [VIEW_PARAM]: next === 'logs' ? '' : next });
          }}
          animate={false}
        >
          {HISTORY_VIEWS.map((v) => (
            <Tab key={v} id={`history-${v}`} title={t(`players.history.${v}`)} data-testid={`history-${v}`} />
          ))}
        </Tabs>
        <span className="toolbar-spacer" />
        {view !== 'audit' && (
          <SearchOnSubmit
            key={filter}
            initial={filter}
            onSubmit={(f) => update({ [KIND_PARAM]: f })}
            placeholder={t('players.history.kindPlaceholder')}
            testId="history-kind"
            maxLength={32}
            icon="filter"
            size="small"
            submitText={t('players.history.filter')}
            className="history-filter"
          />
        )}
      </div>
      <TabPanel
        id={`history-${view}`}
        parentId="player-history-tabs"
        selectedTabId={`history-${view}`}
        panel={
          view === 'audit' ? (
            <AuditList game={game} id={id} page={page} onPage={onPage} />
          ) : (
            <LogList game={game} id={id} kind={view} filter={filter} page={page} onPage={onPage} />
          )
        }
      />
    </Card>
  );
}
