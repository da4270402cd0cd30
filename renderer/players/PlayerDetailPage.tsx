import { useCallback, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { Callout, Classes, Intent, Spinner, Tab, TabPanel, Tabs } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Codes } from '../../shared/codes.js';
import { GAMES, type GameId } from '../../shared/games.js';
import { gamePagePath } from '../../shared/game-pages.js';
import { FIRST_TAB } from '../../shared/player-tabs.js';
import { playerPath } from '../../shared/routes.js';
import { asResultError } from '../bridge/result.js';
import { ErrorCallout } from '../components/ErrorCallout.js';
import { useLanguage } from '../i18n/i18n.js';
import { PERF_MARKS, useMarkOnce } from './perfMark.js';
import { PlayerHeader } from './PlayerHeader.js';
import { PlayerHistory } from './PlayerHistory.js';
import { PlayerTabPanel } from './PlayerTabPanel.js';
import { prefetchPlayerPage, usePlayer } from './playersApi.js';
import { isPlayerId, resolveTab } from './detailParams.js';
import { EmptyState } from '../components/EmptyState.js';
import './players.css';

function BackToSearch({ game }: { game: GameId }) {
  const { t } = useTranslation();
  return (
    <Link to={gamePagePath(game, 'players')} className={`${Classes.BUTTON} ${Classes.MINIMAL}`}>
      {t('players.detail.backToSearch')}
    </Link>
  );
}

/**
 * A player: the header (identity, state, flags, actions), the game's tabs with the current one in
 * the URL, and the player's history. Everything is drawn from the games registry and the tab
 * definitions, so the four games share this page.
 */
export function PlayerDetailPage({ game }: { game: GameId }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const navigate = useNavigate();
  const location = useLocation();
  const { id = '', tab: tabParam } = useParams();
  const validId = isPlayerId(id);
  const player = usePlayer(game, id, validId);
  const tab = resolveTab(game, tabParam);
  const markRows = useMarkOnce(PERF_MARKS.tabRows);
  // The history (its tabs, table and own read) waits for the tab's content: what the operator
  // opened the player for comes first, and alone in its frame.
  const [tabDrawn, setTabDrawn] = useState(false);
  const showHistory = useCallback(() => setTabDrawn(true), []);
  const onRowsShown = useCallback(() => {
    markRows();
    setTabDrawn(true);
  }, [markRows]);
  const gameName = GAMES[game].names[lang];
  const client = useQueryClient();

  if (!validId) {
    return (
      <EmptyState
        icon="search"
        title={t('players.detail.badId', { id })}
        description={t('players.detail.badIdHelp')}
        action={<BackToSearch game={game} />}
        testId="player-bad-id"
      />
    );
  }
  if (player.isPending) return <Spinner />;
  if (player.error) {
    const error = asResultError(player.error, Codes.NETWORK);
    if (error.code === Codes.NOT_FOUND) {
      return (
        <EmptyState
          icon="person"
          title={t('players.detail.notFound', { id, game: gameName })}
          description={t('players.detail.notFoundHelp')}
          action={<BackToSearch game={game} />}
          testId="player-not-found"
        />
      );
    }
    return (
      <>
        <ErrorCallout
          title={t('players.detail.loadFailed', { id })}
          error={error}
          onRetry={() => void player.refetch()}
        />
        <p>
          <BackToSearch game={game} />
        </p>
      </>
    );
  }

  const openTab = (next: string) => {
    // The tab's read leaves now, not once the router has drawn the tab: a click with no press
    // before it (the keyboard, assistive technology) starts it here; after a press this read is
    // the one already on its way.
    prefetchPlayerPage(client, game, { id, tab: next }, new URLSearchParams(location.search));
    void navigate({ pathname: playerPath(game, id, next), search: location.search });
  };

  return (
    <div className="player-detail">
      <div className="toolbar">
        <BackToSearch game={game} />
      </div>
      <PlayerHeader game={game} player={player.data} />
      <div
        className="player-tabs"
        // Pressing a tab starts its read: the button's release, and the navigation, come after.
        onPointerDown={(event) => {
          const pressed = event.target instanceof Element ? event.target.closest('[data-player-tab]') : null;
          const next = pressed?.getAttribute('data-player-tab');
          if (next) prefetchPlayerPage(client, game, { id, tab: next }, new URLSearchParams(location.search));
        }}
      >
        <Tabs
          id="player-tabs"
          selectedTabId={tab ? `player-tab-${tab}` : ''}
          onChange={(tabId) => openTab(String(tabId).replace(/^player-tab-/, ''))}
          animate={false}
        >
          {GAMES[game].playerTabs.map((tb) => (
            <Tab
              key={tb}
              id={`player-tab-${tb}`}
              title={t(`players.tab.${tb}`)}
              data-testid={`player-tab-${tb}`}
              data-player-tab={tb}
            />
          ))}
        </Tabs>
      </div>
      {tab ? (
        // Drawn outside Tabs (the tab is a route, not a Tabs panel), under the id the tab controls.
        <TabPanel
          id={`player-tab-${tab}`}
          parentId="player-tabs"
          selectedTabId={`player-tab-${tab}`}
          panel={
            <PlayerTabPanel
              key={tab}
              game={game}
              id={id}
              tab={tab}
              onRowsShown={onRowsShown}
              onFailed={showHistory}
            />
          }
        />
      ) : (
        <Callout
          intent={Intent.WARNING}
          title={t('players.detail.unknownTab', { tab: tabParam ?? '', game: gameName })}
          data-testid="player-unknown-tab"
        >
          <p>{t('players.detail.unknownTabHelp')}</p>
          <Link to={playerPath(game, id, FIRST_TAB)} data-testid="player-first-tab">
            {t('players.detail.openFirstTab', { tab: t(`players.tab.${FIRST_TAB}`) })}
          </Link>
        </Callout>
      )}
      {(tabDrawn || !tab) && <PlayerHistory game={game} id={id} />}
    </div>
  );
}
