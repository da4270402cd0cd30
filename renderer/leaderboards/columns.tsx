import { useMemo, type ReactNode } from 'react';
import { Classes } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { ColumnKind as FileKind, ExportColumn } from '../../shared/api/exports.js';
import type { Board, LeaderboardRecord } from '../../shared/api/leaderboards.js';
import type { GameId } from '../../shared/games.js';
import type { Language } from '../../shared/codes.js';
import { PlayerLink } from '../components/PlayerLink.js';
import { ListTime } from '../components/ListTime.js';
import { useLanguage } from '../i18n/i18n.js';
import type { TableColumn } from '../kit/table.js';

/** How a column's value reads (and, for an export, what type it is). */
export type RecordColumnKind = 'rank' | 'player' | 'text' | 'integer' | 'equipment' | 'datetime';

/** One column of a board's table: its key, its label's text key, its kind, the boards that have it. */
export interface RecordColumnDef {
  key: keyof LeaderboardRecord | 'player';
  label: string;
  kind: RecordColumnKind;
  width: number;
  /** The boards that show it; every board when absent. */
  boards?: readonly Board[];
}

/**
 * The columns of a board, written once: the top 100, a player's neighbours and a season's boards
 * draw them, and an export can take the same list. A score is points on the player and team
 * boards and the piece's power on the equipment board, so it is labelled by board.
 */
export const RECORD_COLUMNS: readonly RecordColumnDef[] = [
  { key: 'rank', label: 'leaderboards.field.rank', kind: 'rank', width: 70 },
  { key: 'player', label: 'leaderboards.field.player', kind: 'player', width: 230 },
  { key: 'teamName', label: 'leaderboards.field.team', kind: 'text', width: 150, boards: ['team'] },
  {
    key: 'score',
    label: 'leaderboards.field.score',
    kind: 'integer',
    width: 110,
    boards: ['player', 'team'],
  },
  { key: 'score', label: 'leaderboards.field.power', kind: 'integer', width: 110, boards: ['equip'] },
  { key: 'level', label: 'leaderboards.field.level', kind: 'integer', width: 80 },
  {
    key: 'equipment',
    label: 'leaderboards.field.equipment',
    kind: 'equipment',
    width: 220,
    boards: ['equip'],
  },
  { key: 'achievedAt', label: 'leaderboards.field.achievedAt', kind: 'datetime', width: 140 },
];

/**
 * How each kind of column is written in an export: the row's field (a player by their id, the
 * key an operator acts on) and its type; a piece of equipment is its name and quality as text.
 */
const FILE_KIND: Record<RecordColumnKind, { key?: string; kind: FileKind }> = {
  rank: { kind: 'number' },
  player: { key: 'playerId', kind: 'text' },
  text: { kind: 'text' },
  integer: { kind: 'number' },
  equipment: { kind: 'text' },
  datetime: { kind: 'datetime' },
};

/** A board's columns as an export's (CSV, XLSX): the ones the board shows, headed as on screen. */
export function recordFileColumns(board: Board, t: TFunction): ExportColumn[] {
  return columnsOf(board).map((def) => ({
    key: FILE_KIND[def.kind].key ?? def.key,
    label: t(def.label),
    kind: FILE_KIND[def.kind].kind,
  }));
}

/** The columns a board shows, in order. */
export const columnsOf = (board: Board): readonly RecordColumnDef[] =>
  RECORD_COLUMNS.filter((c) => !c.boards || c.boards.includes(board));

const integer = (n: number, lang: Language) => n.toLocaleString(lang);

function cellOf(def: RecordColumnDef, game: GameId, lang: Language, t: (k: string) => string) {
  return (r: LeaderboardRecord): ReactNode => {
    switch (def.kind) {
      case 'rank':
        return r.rank === null ? (
          t('leaderboards.deleted')
        ) : (
          <strong data-testid={`record-rank-${r.id}`} data-rank={r.rank} data-player={r.playerId}>
            {integer(r.rank, lang)}
          </strong>
        );
      case 'player':
        return <PlayerLink game={game} id={r.playerId} name={r.playerName} />;
      case 'equipment':
        return r.equipment ? (
          <>
            {r.equipment.name}{' '}
            <span className={`${Classes.TAG} ${Classes.MINIMAL} quality quality-${r.equipment.quality}`}>
              {t(`players.status.${r.equipment.quality}`)}
            </span>
          </>
        ) : null;
      case 'datetime':
        return <ListTime at={r.achievedAt} />;
      case 'integer':
        return integer(r[def.key as 'score' | 'level'], lang);
      case 'text':
        return r[def.key as 'teamName'] ?? '';
    }
  };
}

/** A board's columns as the kit's table draws them. */
export function useRecordColumns(game: GameId, board: Board): TableColumn<LeaderboardRecord>[] {
  const { t } = useTranslation();
  const lang = useLanguage();
  return useMemo(
    () =>
      columnsOf(board).map((def) => ({
        key: def.key,
        name: t(def.label),
        width: def.width,
        render: cellOf(def, game, lang, t),
        ...(def.kind === 'player' ? { interactive: true } : {}),
        ...(def.kind === 'integer' || def.kind === 'rank' ? { className: 'cell-figure' } : {}),
      })),
    [game, board, lang, t],
  );
}
