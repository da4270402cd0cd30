import { Code } from '@blueprintjs/core';
import type { TFunction } from 'i18next';
import { PLATFORMS, type PlatformKey } from '../../shared/api/platformKeys.js';
import type { Language } from '../../shared/codes.js';
import { GAME_IDS, GAMES, type GameId } from '../../shared/games.js';
import { formatDateTime } from '../components/format.js';
import { ListTime } from '../components/ListTime.js';
import { relativeText } from '../components/relativeText.js';
import type { ListFilter } from '../kit/filters.js';
import type { TableColumn } from '../kit/table.js';

/** The keys list's filters: a search, the platform, and the game where the list has every game's. */
export function keyFilters(t: TFunction, lang: Language, game: GameId | undefined): ListFilter[] {
  const gameName = (g: GameId) => GAMES[g].names[lang];
  return [
    { kind: 'search', input: 'q', placeholder: t('platformKeys.list.search') },
    {
      kind: 'select',
      input: 'platform',
      options: PLATFORMS,
      label: (p) => t(`platformKeys.platform.${p}`),
      ariaLabel: t('platformKeys.field.platform'),
      none: t('platformKeys.list.allPlatforms'),
    },
    ...(game
      ? []
      : [
          {
            kind: 'select' as const,
            input: 'game',
            options: GAME_IDS,
            label: (g: string) => gameName(g as GameId),
            ariaLabel: t('platformKeys.field.game'),
            none: t('platformKeys.list.allGames'),
          },
        ]),
  ];
}

/** Who changed or made a key and how long ago, the exact time on hover; sorted by the time. */
function byAtColumn(
  t: TFunction,
  lang: Language,
  which: 'updated' | 'created',
  byAt: (k: PlatformKey) => [string, string],
): TableColumn<PlatformKey> {
  return {
    key: which,
    sortKey: which === 'updated' ? 'updatedAt' : 'createdAt',
    name: t(`platformKeys.field.${which}`),
    width: 210,
    render: (k) => {
      const [who, at] = byAt(k);
      return t('platformKeys.list.byAt', { who, at: relativeText(t, Date.parse(at), Date.now()) });
    },
    tooltip: (k) => formatDateTime(byAt(k)[1], lang),
  };
}

/** The keys list's columns (the game's where the list has every game's); the secret only masked. */
export function keyColumns(
  t: TFunction,
  lang: Language,
  game: GameId | undefined,
): TableColumn<PlatformKey>[] {
  const gameName = (g: GameId) => GAMES[g].names[lang];
  return [
    ...(game
      ? []
      : [
          {
            key: 'game',
            name: t('platformKeys.field.game'),
            width: 110,
            render: (k: PlatformKey) => gameName(k.game),
          },
        ]),
    {
      key: 'name',
      sortKey: 'name',
      name: t('platformKeys.field.name'),
      width: 180,
      render: (k) => k.name,
      tooltip: (k) => k.name,
    },
    {
      key: 'platform',
      name: t('platformKeys.field.platform'),
      width: 170,
      render: (k) => t(`platformKeys.platform.${k.platform}`),
    },
    {
      key: 'secret',
      name: t('platformKeys.field.secret'),
      width: 130,
      render: (k) => <Code data-testid={`key-mask-${k.id}`}>{k.secretMask}</Code>,
    },
    {
      key: 'note',
      name: t('platformKeys.field.note'),
      width: 200,
      render: (k) => k.note,
      tooltip: (k) => k.note,
    },
    {
      key: 'secretSetAt',
      name: t('platformKeys.field.secretSetAt'),
      width: 150,
      render: (k) => <ListTime at={k.secretSetAt} />,
    },
    byAtColumn(t, lang, 'updated', (k) => [k.updatedBy, k.updatedAt]),
    byAtColumn(t, lang, 'created', (k) => [k.createdBy, k.createdAt]),
  ];
}
