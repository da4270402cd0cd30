import '@blueprintjs/select/lib/css/blueprint-select.css';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { MenuItem } from '@blueprintjs/core';
import { Omnibar, type ItemListPredicate, type ItemRenderer } from '@blueprintjs/select';
import { useTranslation } from 'react-i18next';
import { GAME_LIST, GAMES, type GameId } from '../../shared/games.js';
import type { RouteDef } from '../../shared/routes.js';
import { useLanguage } from '../i18n/i18n.js';
import { useShell } from '../shell/context.js';
import {
  filterPages,
  openPages,
  pageEntries,
  playerIdOfQuery,
  playerTargets,
  switchTarget,
  type PageEntry,
} from './palette.js';
import { useRouteTitle } from './prefs.js';
import './shortcuts.css';

export type PaletteMode = 'pages' | 'games';

type Item =
  | { kind: 'page'; entry: PageEntry }
  | { kind: 'player'; id: string; game: GameId; path: string }
  | { kind: 'game'; game: GameId; path: string; name: string };

function keyOf(item: Item): string {
  if (item.kind === 'page') return `page-${item.entry.route.id}`;
  if (item.kind === 'player') return `player-${item.game}-${item.id}`;
  return `game-${item.game}`;
}

/**
 * The command palette (Ctrl/Cmd+K): every page the operator's roles open and that is built, found
 * by typing part of its title (in either language's catalogue as shown), its game or its path;
 * a query that looks like a player id offers that player in each game the operator may open (the
 * current game first, each named: an id does not say its game). In "games"
 * mode (the switch-game shortcut) it lists the games instead and opens the same page in the one
 * chosen. Loaded the first time it opens, so the first paint does not carry it.
 */
export function CommandPalette({
  mode,
  isOpen,
  onClose,
  roles,
  game,
  page,
}: {
  mode: PaletteMode;
  isOpen: boolean;
  onClose: () => void;
  roles: readonly string[];
  /** The game "open player" and the game list start from. */
  game: GameId | null;
  /** The page on screen, for switching games. */
  page: RouteDef | undefined;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const navigate = useNavigate();
  const title = useRouteTitle();
  const { isReady } = useShell();
  const [query, setQuery] = useState('');

  const items = useMemo((): Item[] => {
    if (mode === 'games') {
      return GAME_LIST.flatMap((g): Item[] => {
        const path = switchTarget(g.id, page, roles, isReady);
        return path ? [{ kind: 'game', game: g.id, path, name: g.names[lang] }] : [];
      });
    }
    return pageEntries(openPages(roles, isReady), title).map((entry): Item => ({ kind: 'page', entry }));
  }, [mode, page, roles, lang, title, isReady]);

  const predicate: ItemListPredicate<Item> = useCallback(
    (q, all) => {
      if (mode === 'games') {
        const needle = q.trim().toLowerCase();
        return all.filter((i) => i.kind === 'game' && `${i.name} ${i.game}`.toLowerCase().includes(needle));
      }
      const pages = all.flatMap((i) => (i.kind === 'page' ? [i.entry] : []));
      const found: Item[] = filterPages(pages, q).map((entry) => ({ kind: 'page', entry }));
      const id = playerIdOfQuery(q);
      if (!id) return found;
      const players = playerTargets(game, id, roles).map((p): Item => ({ kind: 'player', id, ...p }));
      return [...players, ...found];
    },
    [mode, game, roles],
  );

  const renderItem: ItemRenderer<Item> = (item, { handleClick, handleFocus, modifiers, ref }) => {
    const common = {
      key: keyOf(item),
      ref,
      active: modifiers.active,
      onClick: handleClick,
      onFocus: handleFocus,
      'data-testid': `palette-${keyOf(item)}`,
    };
    if (item.kind === 'player') {
      return (
        <MenuItem
          {...common}
          icon="person"
          text={t('shortcuts.palette.openPlayer', { id: item.id })}
          label={t('shortcuts.palette.inGame', { game: GAMES[item.game].names[lang] })}
        />
      );
    }
    if (item.kind === 'game') {
      return (
        <MenuItem
          {...common}
          icon="cube"
          text={item.name}
          label={item.game === game ? t('shortcuts.palette.current') : undefined}
        />
      );
    }
    return (
      <MenuItem
        {...common}
        icon={item.entry.route.game ? 'cube' : 'document'}
        text={item.entry.title}
        label={item.entry.route.path}
      />
    );
  };

  const close = () => {
    setQuery('');
    onClose();
  };

  return (
    <Omnibar<Item>
      className="command-palette"
      isOpen={isOpen}
      onClose={close}
      items={items}
      itemListPredicate={predicate}
      // Every entry shows before anything is typed (the Omnibar shows none by default).
      initialContent={undefined}
      itemRenderer={renderItem}
      query={query}
      onQueryChange={setQuery}
      resetOnSelect
      onItemSelect={(item) => {
        close();
        void navigate(item.kind === 'page' ? item.entry.route.path : item.path);
      }}
      inputProps={
        {
          placeholder:
            mode === 'games' ? t('shortcuts.palette.gamePlaceholder') : t('shortcuts.palette.placeholder'),
          'data-testid': 'palette-input',
        } as never
      }
      noResults={<MenuItem disabled text={t('shortcuts.palette.noResults')} data-testid="palette-none" />}
    />
  );
}
