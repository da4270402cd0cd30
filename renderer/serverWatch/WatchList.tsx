import { useCallback, useState } from 'react';
import { Button, Classes, HTMLTable, Icon, Intent, Spinner, Switch, Tag, Tooltip } from '@blueprintjs/core';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  checkTarget,
  WATCH_STATES,
  type WatchedServer,
  type WatchState,
} from '../../shared/api/serverWatch.js';
import { GAME_IDS, GAMES, type GameId } from '../../shared/games.js';
import { EmptyState } from '../components/EmptyState.js';
import { QueryState } from '../components/QueryState.js';
import { ReasonConfirmDialog } from '../components/ReasonConfirmDialog.js';
import { useNow } from '../components/hooks.js';
import { formatDateTime } from '../components/format.js';
import { useToasts } from '../components/Toaster.js';
import { useEndpointMutation, useEndpointQuery } from '../kit/data.js';
import { useRetained } from '../kit/gameName.js';
import { OptionSelect, optionsOf } from '../kit/OptionSelect.js';
import { Pager } from '../kit/Pager.js';
import { SearchBox } from '../kit/SearchBox.js';
import { useLanguage } from '../i18n/i18n.js';
import { ServerDrawer } from './ServerDrawer.js';
import { WatchFormDialog } from './WatchFormDialog.js';
import { formatCount, formatRelative, formatResponse } from './watchFormat.js';

const PAGE_SIZE = 50;

export const STATE_INTENT: Record<WatchState, Intent> = {
  up: Intent.SUCCESS,
  down: Intent.DANGER,
  unknown: Intent.NONE,
  paused: Intent.WARNING,
  maintenance: Intent.PRIMARY,
};

export function StateTag({ server, testId }: { server: WatchedServer; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag
      intent={STATE_INTENT[server.state]}
      minimal={server.state === 'unknown' || server.state === 'paused'}
      data-testid={testId}
      data-state={server.state}
    >
      {t(`serverWatch.state.${server.state}`)}
    </Tag>
  );
}

/** What is checked, as an operator reads it: "TCP 127.0.0.1:4001". */
export function CheckCell({ server }: { server: WatchedServer }) {
  const { t } = useTranslation();
  return (
    <span className="watch-check">
      <Tag minimal>{t(`serverWatch.kind.${server.check.kind}`)}</Tag>{' '}
      <code title={checkTarget(server.check)}>{checkTarget(server.check)}</code>
    </span>
  );
}

/**
 * The watch list: every watched server with its current state, down first; filters by game,
 * state and text; add, edit, pause / resume, remove (with a reason), the operator's own mute per
 * server and for all alerts. A server's row opens its details (?server=ID): incidents,
 * maintenance windows, recent checks.
 */
export function WatchList() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const toasts = useToasts();
  const now = useNow(5000);
  const [search, setSearch] = useSearchParams();
  const [game, setGame] = useState<GameId | ''>('');
  const [state, setState] = useState<WatchState | ''>('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<WatchedServer | null>(null);
  const [pausing, setPausing] = useState<WatchedServer | null>(null);
  const [removing, setRemoving] = useState<WatchedServer | null>(null);
  const shownPausing = useRetained(pausing);
  const shownRemoving = useRetained(removing);
  const list = useEndpointQuery(
    'serverWatch.list',
    {
      page,
      pageSize: PAGE_SIZE,
      ...(game ? { game } : {}),
      ...(state ? { state } : {}),
      ...(q ? { q } : {}),
    },
    { keepPrevious: true },
  );
  const mutes = useEndpointQuery('serverWatch.mutes', {});
  const pause = useEndpointMutation('serverWatch.pause');
  const resume = useEndpointMutation('serverWatch.resume');
  const remove = useEndpointMutation('serverWatch.delete');
  const mute = useEndpointMutation('serverWatch.mute');
  const unmute = useEndpointMutation('serverWatch.unmute');
  const gameName = (g: GameId) => GAMES[g].names[lang];
  const openId = Number(search.get('server') ?? '') || null;
  const allMuted = mutes.data?.mutes.some((m) => m.serverId === null) ?? false;
  /** Servers this operator muted one by one (muting all is the switch's). */
  const mutedOne = new Set(mutes.data?.mutes.flatMap((m) => (m.serverId === null ? [] : [m.serverId])));
  const onSearch = useCallback((text: string) => {
    setQ(text);
    setPage(1);
  }, []);

  const open = (id: number | null) =>
    setSearch((prev) => {
      const next = new URLSearchParams(prev);
      if (id === null) next.delete('server');
      else next.set('server', String(id));
      return next;
    });

  const toggleMute = async (serverId: number | null, muted: boolean, name: string) => {
    try {
      if (muted) await unmute.mutateAsync({ serverId });
      else await mute.mutateAsync({ serverId, until: null });
      const key = serverId === null ? (muted ? 'unmutedAll' : 'mutedAll') : muted ? 'unmuted' : 'muted';
      toasts.success(t(`serverWatch.mute.${key}`, { name }));
    } catch (err) {
      toasts.error(t('serverWatch.mute.failed', { error: err instanceof Error ? err.message : String(err) }));
    }
  };

  const doResume = async (s: WatchedServer) => {
    try {
      await resume.mutateAsync({ id: s.id });
      toasts.success(t('serverWatch.resume.done', { name: s.name }));
    } catch (err) {
      toasts.error(
        t('serverWatch.resume.failed', { error: err instanceof Error ? err.message : String(err) }),
      );
    }
  };

  return (
    <div className="watch-list" data-testid="watch-list">
      <div className="toolbar">
        {list.data && <Summary summary={list.data.summary} />}
        <OptionSelect
          value={game}
          none={t('serverWatch.list.allGames')}
          options={GAME_IDS.map((g) => ({ value: g, label: gameName(g) }))}
          onChange={(v) => {
            setGame(v as GameId | '');
            setPage(1);
          }}
          aria-label={t('serverWatch.field.game')}
          data-testid="watch-filter-game"
        />
        <OptionSelect
          value={state}
          none={t('serverWatch.list.allStates')}
          options={optionsOf(WATCH_STATES, (s) => t(`serverWatch.state.${s}`))}
          onChange={(v) => {
            setState(v as WatchState | '');
            setPage(1);
          }}
          aria-label={t('serverWatch.field.state')}
          data-testid="watch-filter-state"
        />
        <SearchBox
          value={q}
          onSearch={onSearch}
          placeholder={t('serverWatch.list.search')}
          testId="watch-search"
        />
        <span className="toolbar-spacer" />
        {list.isFetching && <Spinner size={16} />}
        <Switch
          className="watch-mute-all"
          checked={allMuted}
          disabled={mutes.isPending || mute.isPending || unmute.isPending}
          label={t('serverWatch.mute.all')}
          onChange={() => void toggleMute(null, allMuted, '')}
          data-testid="watch-mute-all"
        />
        <Button
          intent={Intent.PRIMARY}
          icon="add"
          text={t('serverWatch.list.add')}
          onClick={() => setAdding(true)}
          data-testid="watch-add"
        />
      </div>
      <QueryState query={list} failedTitle={t('serverWatch.list.loadFailed')} errorTestId="watch-list-error">
        {(data) =>
          data.total === 0 ? (
            <EmptyState
              icon="pulse"
              title={game || state || q ? t('serverWatch.list.noMatches') : t('serverWatch.list.empty')}
              testId="watch-empty"
            />
          ) : (
            <>
              <HTMLTable compact striped className="watch-table" data-testid="watch-table">
                <thead>
                  <tr>
                    <th>{t('serverWatch.field.name')}</th>
                    <th>{t('serverWatch.field.game')}</th>
                    <th>{t('serverWatch.field.check')}</th>
                    <th>{t('serverWatch.field.state')}</th>
                    <th>{t('serverWatch.field.since')}</th>
                    <th className="num">{t('serverWatch.field.response')}</th>
                    <th className="num">{t('serverWatch.field.players')}</th>
                    <th>{t('kit.list.actions')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((s) => (
                    <tr
                      key={s.id}
                      data-testid={`watch-row-${s.id}`}
                      data-name={s.name}
                      data-state={s.state}
                      className={s.state === 'down' ? 'watch-row-down' : undefined}
                    >
                      <td>
                        <Button
                          variant="minimal"
                          size="small"
                          className="watch-name"
                          text={s.name}
                          onClick={() => open(s.id)}
                          data-testid={`watch-open-${s.id}`}
                        />
                        {s.muted && (
                          <Tooltip content={t('serverWatch.mute.mutedHint')}>
                            <Icon icon="notifications-snooze" className={Classes.TEXT_MUTED} />
                          </Tooltip>
                        )}
                        {s.demo && (
                          <Tag minimal className="watch-demo">
                            {t('serverWatch.list.demo')}
                          </Tag>
                        )}
                      </td>
                      <td>{gameName(s.game)}</td>
                      <td>
                        <CheckCell server={s} />
                      </td>
                      <td>
                        <StateTag server={s} testId={`watch-state-${s.id}`} />
                        {s.state === 'up' && s.consecutiveFailures > 0 && (
                          <Tag minimal intent={Intent.WARNING} className="watch-fails">
                            {t('serverWatch.list.failing', {
                              n: s.consecutiveFailures,
                              of: s.failuresToDown,
                            })}
                          </Tag>
                        )}
                      </td>
                      <td title={formatDateTime(s.stateSince, lang)}>
                        {formatRelative(s.stateSince, now, lang)}
                      </td>
                      <td className="num" title={s.lastError ?? undefined}>
                        {s.lastError && s.state !== 'up' ? (
                          <span className="watch-error">{s.lastError}</span>
                        ) : (
                          formatResponse(s.lastResponseMs, lang)
                        )}
                      </td>
                      <td className="num">{formatCount(s.onlinePlayers, lang)}</td>
                      <td className="watch-actions">
                        <Button
                          size="small"
                          variant="minimal"
                          icon="edit"
                          title={t('serverWatch.list.edit')}
                          aria-label={t('serverWatch.list.edit')}
                          onClick={() => setEditing(s)}
                          data-testid={`watch-edit-${s.id}`}
                        />
                        {s.paused ? (
                          <Button
                            size="small"
                            variant="minimal"
                            icon="play"
                            title={t('serverWatch.list.resume')}
                            aria-label={t('serverWatch.list.resume')}
                            onClick={() => void doResume(s)}
                            data-testid={`watch-resume-${s.id}`}
                          />
                        ) : (
                          <Button
                            size="small"
                            variant="minimal"
                            icon="pause"
                            title={t('serverWatch.list.pause')}
                            aria-label={t('serverWatch.list.pause')}
                            onClick={() => setPausing(s)}
                            data-testid={`watch-pause-${s.id}`}
                          />
                        )}
                        <Button
                          size="small"
                          variant="minimal"
                          icon={mutedOne.has(s.id) ? 'notifications' : 'notifications-snooze'}
                          active={mutedOne.has(s.id)}
                          title={
                            mutedOne.has(s.id)
                              ? t('serverWatch.mute.unmuteOne')
                              : t('serverWatch.mute.muteOne')
                          }
                          aria-label={
                            mutedOne.has(s.id)
                              ? t('serverWatch.mute.unmuteOne')
                              : t('serverWatch.mute.muteOne')
                          }
                          onClick={() => void toggleMute(s.id, mutedOne.has(s.id), s.name)}
                          data-testid={`watch-mute-${s.id}`}
                        />
                        <Button
                          size="small"
                          variant="minimal"
                          icon="trash"
                          intent={Intent.DANGER}
                          title={t('serverWatch.list.remove')}
                          aria-label={t('serverWatch.list.remove')}
                          onClick={() => setRemoving(s)}
                          data-testid={`watch-remove-${s.id}`}
                        />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </HTMLTable>
              <Pager
                page={data.page}
                pageSize={data.pageSize}
                total={data.total}
                onPage={setPage}
                testId="watch-pager"
              />
            </>
          )
        }
      </QueryState>
      {adding && <WatchFormDialog onClose={() => setAdding(false)} onSaved={(s) => open(s.id)} />}
      {editing && <WatchFormDialog key={editing.id} editing={editing} onClose={() => setEditing(null)} />}
      {openId !== null && (
        <ServerDrawer serverId={openId} onClose={() => open(null)} onEdit={(s) => setEditing(s)} />
      )}
      <ReasonConfirmDialog
        isOpen={pausing !== null}
        onClose={() => setPausing(null)}
        title={t('serverWatch.pause.title', {
          name: shownPausing?.name ?? '',
          game: shownPausing ? gameName(shownPausing.game) : '',
        })}
        warning={t('serverWatch.pause.warning')}
        confirmText={t('serverWatch.pause.confirm')}
        failedTitle={t('serverWatch.pause.failed')}
        icon="pause"
        intent={Intent.WARNING}
        onConfirm={async (reason) => {
          if (!pausing) return;
          await pause.mutateAsync({ id: pausing.id, reason });
          toasts.success(t('serverWatch.pause.done', { name: pausing.name }));
        }}
        testId="watch-pause-dialog"
      />
      <ReasonConfirmDialog
        isOpen={removing !== null}
        onClose={() => setRemoving(null)}
        title={t('serverWatch.remove.title', {
          name: shownRemoving?.name ?? '',
          game: shownRemoving ? gameName(shownRemoving.game) : '',
        })}
        warning={t('serverWatch.remove.warning')}
        confirmText={t('serverWatch.remove.confirm')}
        failedTitle={t('serverWatch.remove.failed')}
        icon="trash"
        intent={Intent.DANGER}
        onConfirm={async (reason) => {
          if (!removing) return;
          await remove.mutateAsync({ id: removing.id, reason });
          if (openId === removing.id) open(null);
          toasts.success(t('serverWatch.remove.done', { name: removing.name }));
        }}
        testId="watch-remove-dialog"
      />
    </div>
  );
}

function Summary({ summary }: { summary: Record<WatchState, number> }) {
  const { t } = useTranslation();
  return (
    <span className="watch-summary" data-testid="watch-summary">
      {WATCH_STATES.filter((s) => summary[s] > 0 || s === 'down' || s === 'up').map((s) => (
        <Tag
          key={s}
          intent={summary[s] > 0 ? STATE_INTENT[s] : Intent.NONE}
          minimal={s !== 'down' || summary[s] === 0}
          data-testid={`watch-summary-${s}`}
          data-count={summary[s]}
        >
          {t(`serverWatch.state.${s}`)} {summary[s]}
        </Tag>
      ))}
    </span>
  );
}
