import { useTranslation } from 'react-i18next';
import type { GameId } from '../../shared/games.js';
import { PlayerLink } from '../components/PlayerLink.js';
import { formatDateTime } from '../components/format.js';
import { ListTime } from '../components/ListTime.js';
import type { TableColumn } from '../kit/table.js';
import { useLanguage } from '../i18n/i18n.js';
import { StatusTag, type ModerationStatus } from './StatusTag.js';

interface Named {
  playerId: string;
  playerName: string | null;
}

/**
 * The columns the moderation lists have in common, written once so that a field reads the same
 * in every list: the player as a link, a status as a tag, a moment in the operator's language, a
 * long text cut off with the whole of it on hover.
 */
export function useListColumns(game: GameId) {
  const { t } = useTranslation();
  const lang = useLanguage();

  const time = <T,>(key: string, name: string, at: (row: T) => string): TableColumn<T> => ({
    key,
    name,
    width: 150,
    render: (r) => <ListTime at={at(r)} />,
  });
  const longText = <T,>(
    key: string,
    name: string,
    width: number,
    text: (row: T) => string,
  ): TableColumn<T> => ({
    key,
    name,
    width,
    render: text,
    tooltip: text,
  });

  return {
    time,
    longText,
    player: <T extends Named>(): TableColumn<T> => ({
      key: 'player',
      name: t('moderation.field.player'),
      width: 230,
      interactive: true,
      render: (r) => <PlayerLink game={game} id={r.playerId} name={r.playerName} />,
    }),
    status: <T extends { status: ModerationStatus }>(): TableColumn<T> => ({
      key: 'status',
      name: t('moderation.field.status'),
      width: 90,
      render: (r) => <StatusTag status={r.status} />,
    }),
    expires: <T extends { expiresAt: string | null }>(): TableColumn<T> => ({
      key: 'expires',
      name: t('moderation.field.expiresAt'),
      width: 150,
      render: (r) => (r.expiresAt ? <ListTime at={r.expiresAt} /> : t('moderation.expiry.neverShort')),
    }),
    reason: <T extends { reason: string }>() =>
      longText<T>('reason', t('moderation.field.reason'), 200, (r) => r.reason),
    operator: <T extends { operator: string }>(): TableColumn<T> => ({
      key: 'operator',
      name: t('moderation.field.operator'),
      width: 100,
      render: (r) => r.operator,
    }),
    created: <T extends { createdAt: string }>() =>
      time<T>('created', t('moderation.field.createdAt'), (r) => r.createdAt),
    /** Who undid the row (lifted a ban, refunded a recharge) and when; blank while nobody has. */
    undone: <T,>(
      key: string,
      name: string,
      pick: (row: T) => { at: string | null; by: string | null },
      say: (operator: string, time: string) => string,
    ): TableColumn<T> => ({
      key,
      name,
      width: 200,
      render: (r) => {
        const { at, by } = pick(r);
        return at ? say(by ?? '', formatDateTime(at, lang)) : '';
      },
    }),
  };
}
