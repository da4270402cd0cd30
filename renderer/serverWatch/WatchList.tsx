import { useState, type ReactNode } from 'react';
import { Button, Classes, Icon, Intent, Switch, Tag, Tooltip } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { WATCH_STATES, type WatchedServer, type WatchState } from '../../shared/api/serverWatch.js';
import type { OutputOf } from '../../shared/api/table.js';
import type { Language } from '../../shared/codes.js';
import { GAME_IDS, GAMES } from '../../shared/games.js';
import { RefetchSpinner } from '../components/QueryState.js';
import { useNow } from '../components/hooks.js';
import { formatDateTime } from '../components/format.js';
import { useToasts } from '../components/Toaster.js';
import { useEndpointMutation, useEndpointQuery } from '../kit/data.js';
import { FilterBar } from '../kit/FilterBar.js';
import type { ListFilter } from '../kit/filters.js';
import { ListBody, useTableSort } from '../kit/ListPage.js';
import { useRowActions } from '../kit/RowActions.js';
import { rowAction, type ListRowAction } from '../kit/rowActions.js';
import { RowsTable } from '../kit/RowsTable.js';
import { useListController } from '../kit/useListController.js';
import { useLanguage } from '../i18n/i18n.js';
import { CheckCell, STATE_INTENT, StateTag } from './cells.js';
import { ServerDrawer } from './ServerDrawer.js';
import { WatchFormDialog } from './WatchFormDialog.js';
import { formatCount, formatRelative, formatResponse } from './watchFormat.js';

/** The open server's URL parameter (an alert leads straight to it). */
const SERVER_PARAM = 'server';

const watchFilters = (t: TFunction, lang: Language): readonly ListFilter[] => [
  {
    kind: 'select',
    input: 'game',
    testId: 'watch-filter-game',
    options: GAME_IDS,
    label: (g) => GAMES[g as keyof typeof GAMES].names[lang],
    none: t('serverWatch.list.allGames'),
    ariaLabel: t('serverWatch.field.game'),
  },
  {
    kind: 'select',
    input: 'state',
    testId: 'watch-filter-state',
    options: WATCH_STATES,
    label: (s) => t(`serverWatch.state.${s}`),
    none: t('serverWatch.list.allStates'),
    ariaLabel: t('serverWatch.field.state'),
  },
  {
    kind: 'search',
    input: 'q',
    testId: 'watch-search',
    placeholder: t('serverWatch.list.search'),
    maxLength: 80,
  },
];

const watchColumns = (t: TFunction) => [
  { name: t('serverWatch.field.name'), sortKey: 'name' },
  { name: t('serverWatch.field.game'), sortKey: 'game' },
  { name: t('serverWatch.field.check') },
  { name: t('serverWatch.field.state') },
  { name: t('serverWatch.field.since'), sortKey: 'stateSince' },
  { name: t('serverWatch.field.response') },
  { name: t('serverWatch.field.players') },
  { name: t('kit.list.actions') },
];

const gameNames = (s: WatchedServer, lang: Language) => ({ name: s.name, game: GAMES[s.game].names[lang] });

/**
 * A row's actions: edit (its dialog), pause with a reason or resume, the operator's own mute, and
 * remove with a reason.
 */
function useWatchActions(mutedOne: ReadonlySet<number>): ListRowAction<WatchedServer>[] {
  const { t } = useTranslation();
  const resume = useEndpointMutation('serverWatch.resume');
  const mute = useEndpointMutation('serverWatch.mute');
  const unmute = useEndpointMutation('serverWatch.unmute');
  const muteText = (on: boolean) => (on ? t('serverWatch.mute.unmuteOne') : t('serverWatch.mute.muteOne'));
  return [
    {
      kind: 'dialog',
      id: 'edit',
      text: t('serverWatch.list.edit'),
      icon: 'edit',
      buttonTestId: (s) => `watch-edit-${s.id}`,
      render: (s, close) => <WatchFormDialog key={s.id} editing={s} onClose={close} />,
    },
    {
      kind: 'toggle',
      id: 'pause',
      isOn: (s) => s.paused,
      text: (on) => (on ? t('serverWatch.list.resume') : t('serverWatch.rows.serverWatch.pause.action')),
      icon: (on) => (on ? 'play' : 'pause'),
      buttonTestId: (s) => (s.paused ? `watch-resume-${s.id}` : `watch-pause-${s.id}`),
      // Pausing goes through its confirmation (confirmOn); only resuming runs from here.
      run: (s) => resume.mutateAsync({ id: s.id }),
      done: (s) => t('serverWatch.resume.done', { name: s.name }),
      failed: t('serverWatch.resume.failed'),
      confirmOn: rowAction({
        endpoint: 'serverWatch.pause',
        texts: 'serverWatch.rows',
        input: (s: WatchedServer, reason) => ({ id: s.id, reason }),
        names: (s, { lang }) => gameNames(s, lang),
        icon: 'pause',
        intent: Intent.WARNING,
        buttonTestId: (s) => `watch-pause-${s.id}`,
        dialogTestId: 'watch-pause-dialog',
      }),
    },
    {
      kind: 'toggle',
      id: 'mute',
      isOn: (s) => mutedOne.has(s.id),
      text: muteText,
      icon: (on) => (on ? 'notifications' : 'notifications-snooze'),
      buttonTestId: (s) => `watch-mute-${s.id}`,
      run: (s, next) =>
        next ? mute.mutateAsync({ serverId: s.id, until: null }) : unmute.mutateAsync({ serverId: s.id }),
      done: (s, next) => t(next ? 'serverWatch.mute.muted' : 'serverWatch.mute.unmuted', { name: s.name }),
      failed: t('serverWatch.mute.failed'),
    },
    rowAction({
      endpoint: 'serverWatch.delete',
      texts: 'serverWatch.rows',
      input: (s: WatchedServer, reason) => ({ id: s.id, reason }),
      names: (s, { lang }) => gameNames(s, lang),
      icon: 'trash',
      intent: Intent.DANGER,
      buttonTestId: (s) => `watch-remove-${s.id}`,
      dialogTestId: 'watch-remove-dialog',
    }),
  ];
}

/** The switch that mutes every alert for this operator (other operators still get theirs). */
function MuteAll({ allMuted, pending }: { allMuted: boolean; pending: boolean }) {
  const { t } = useTranslation();
  const toasts = useToasts();
  const mute = useEndpointMutation('serverWatch.mute');
  const unmute = useEndpointMutation('serverWatch.unmute');
  const toggle = async () => {
    try {
      if (allMuted) await unmute.mutateAsync({ serverId: null });
      else await mute.mutateAsync({ serverId: null, until: null });
      toasts.success(t(allMuted ? 'serverWatch.mute.unmutedAll' : 'serverWatch.mute.mutedAll'));
    } catch (err) {
      toasts.error(`${t('serverWatch.mute.failed')}: ${err instanceof Error ? err.message : String(err)}`);
    }
  };
  return (
    <Switch
      className="watch-mute-all"
      checked={allMuted}
      disabled={pending || mute.isPending || unmute.isPending}
      label={t('serverWatch.mute.all')}
      onChange={() => void toggle()}
      data-testid="watch-mute-all"
    />
  );
}

/**
 * The watch list: every watched server with its current state, down first; filters by game,
 * state and text (in the URL); add, edit, pause / resume, remove (with a reason), the operator's
 * own mute per server and for all alerts. A server's row opens its details (?server=ID):
 * incidents, maintenance windows, recent checks.
 */
export function WatchList() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const now = useNow(5000);
  const [adding, setAdding] = useState(false);
  const list = useListController({ endpoint: 'serverWatch.list', input: {}, filters: watchFilters(t, lang) });
  const sort = useTableSort(list);
  const mutes = useEndpointQuery('serverWatch.mutes', {});
  const allMuted = mutes.data?.mutes.some((m) => m.serverId === null) ?? false;
  /** Servers this operator muted one by one (muting all is the switch's). */
  const mutedOne = new Set(mutes.data?.mutes.flatMap((m) => (m.serverId === null ? [] : [m.serverId])));
  const actions = useRowActions(useWatchActions(mutedOne), null, { iconOnly: true });
  const openId = Number(list.search.get(SERVER_PARAM) ?? '') || null;
  // Opening a server keeps the list's page.
  const open = (id: number | null) => list.update({ [SERVER_PARAM]: id ?? '', page: list.page });
  const data = list.query.data as OutputOf<'serverWatch.list'> | undefined;

  return (
    <div className="watch-list" data-testid="watch-list">
      <div className="toolbar">
        {data && <Summary summary={data.summary} />}
        <FilterBar list={list} testId="watch" />
        <span className="toolbar-spacer" />
        <RefetchSpinner query={list.query} />
        <MuteAll allMuted={allMuted} pending={mutes.isPending} />
        <Button
          intent={Intent.PRIMARY}
          icon="add"
          text={t('serverWatch.list.add')}
          onClick={() => setAdding(true)}
          data-testid="watch-add"
        />
      </div>
      <ListBody
        list={list}
        testId="watch"
        icon="pulse"
        texts={{
          failed: t('serverWatch.list.loadFailed'),
          empty: t('serverWatch.list.empty'),
          filteredEmpty: () => t('serverWatch.list.noMatches'),
        }}
        table={(rows) => (
          <RowsTable
            columns={watchColumns(t)}
            rowCount={rows.length}
            testId="watch-table"
            sort={sort}
            className="watch-table"
          >
            {rows.map((s) => (
              <WatchRow key={s.id} server={s} now={now} onOpen={() => open(s.id)} actions={actions.cell(s)} />
            ))}
          </RowsTable>
        )}
      />
      {actions.dialogs}
      {adding && <WatchFormDialog onClose={() => setAdding(false)} onSaved={(s) => open(s.id)} />}
      {openId !== null && (
        <ServerDrawer serverId={openId} onClose={() => open(null)} onEdit={(s) => actions.open('edit', s)} />
      )}
    </div>
  );
}

/** One watched server: its name (opening it), game, check, state and since when, figures, actions. */
function WatchRow({
  server: s,
  now,
  onOpen,
  actions,
}: {
  server: WatchedServer;
  now: number;
  onOpen: () => void;
  actions: ReactNode;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <tr
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
          onClick={onOpen}
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
      <td>{GAMES[s.game].names[lang]}</td>
      <td>
        <CheckCell server={s} />
      </td>
      <td>
        <StateTag server={s} testId={`watch-state-${s.id}`} />
        {s.state === 'up' && s.consecutiveFailures > 0 && (
          <Tag minimal intent={Intent.WARNING} className="watch-fails">
            {t('serverWatch.list.failing', { n: s.consecutiveFailures, of: s.failuresToDown })}
          </Tag>
        )}
      </td>
      <td title={formatDateTime(s.stateSince, lang)}>{formatRelative(s.stateSince, now, lang)}</td>
      <td className="num" title={s.lastError ?? undefined}>
        {s.lastError && s.state !== 'up' ? (
          <span className="watch-error">{s.lastError}</span>
        ) : (
          formatResponse(s.lastResponseMs, lang)
        )}
      </td>
      <td className="num">{formatCount(s.onlinePlayers, lang)}</td>
      <td className="watch-actions">{actions}</td>
    </tr>
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
