import type { ReactNode } from 'react';
import { Intent } from '@blueprintjs/core';
import type { TFunction } from 'i18next';
import type { LeaderboardRecord, StageRecord } from '../../shared/api/leaderboards.js';
import type { GameId } from '../../shared/games.js';
import { playerLabel } from '../components/playerLabel.js';
import { rowAction } from '../kit/rowActions.js';
import type { TableColumn } from '../kit/table.js';

/**
 * Deleting a bad record, of a board or of a stage: the kit's confirmation with a reason, naming
 * the game, the player and the rank the record holds; the server takes it out of the ranks at once
 * and tells the second of two operators that it is already deleted.
 */

/** What both confirmations name: the record's rank and its player. */
const rankAndPlayer = (r: { rank: number | null; playerId: string; playerName: string | null }) => ({
  rank: String(r.rank ?? ''),
  player: playerLabel(r.playerId, r.playerName),
});

/** What can be done to a record on a board: delete it, with a reason (a cheat, a bug). */
export const recordActions = (game: GameId) => [
  rowAction({
    endpoint: 'leaderboards.deleteRecord',
    texts: 'leaderboards',
    input: (r: LeaderboardRecord, reason) => ({ game, recordId: r.id, reason }),
    names: (r, { t }) => ({ ...rankAndPlayer(r), board: t(`leaderboards.board.${r.board}`) }),
    icon: 'trash',
    intent: Intent.DANGER,
    buttonTestId: (r) => `record-delete-${r.id}`,
    dialogTestId: 'record-delete-dialog',
  }),
];

/** What can be done to a stage's record (a clear): delete it, with a reason; `stage` names the stage. */
export const stageRecordActions = (game: GameId, stage: (r: StageRecord) => string) => [
  rowAction({
    endpoint: 'leaderboards.deleteStageRecord',
    texts: 'leaderboards',
    input: (r: StageRecord, reason) => ({ game, stageId: r.stageId, recordId: r.id, reason }),
    names: (r) => ({ ...rankAndPlayer(r), stage: stage(r) }),
    icon: 'trash',
    intent: Intent.DANGER,
    buttonTestId: (r) => `stage-record-delete-${r.id}`,
    dialogTestId: 'stage-record-delete-dialog',
  }),
];

/** A table's columns with the row actions' column first, when the operator may act on its rows. */
export function withActions<T>(
  t: TFunction,
  columns: TableColumn<T>[],
  cell: ((row: T) => ReactNode) | null,
): TableColumn<T>[] {
  if (!cell) return columns;
  return [
    { key: 'actions', name: t('kit.list.actions'), width: 90, interactive: true, render: cell },
    ...columns,
  ];
}
