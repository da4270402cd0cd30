import { useMemo } from 'react';
import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { ColumnKind as FileKind, ExportColumn } from '../../shared/api/exports.js';
import type { Stage, StageRecord } from '../../shared/api/leaderboards.js';
import type { GameId } from '../../shared/games.js';
import type { Language } from '../../shared/codes.js';
import { ListTime } from '../components/ListTime.js';
import { PlayerLink } from '../components/PlayerLink.js';
import { useLanguage } from '../i18n/i18n.js';
import type { TableColumn } from '../kit/table.js';

/** How a column of the level detail reads (and, for an export, what type it is). */
export type LevelColumnKind = 'stage' | 'rank' | 'player' | 'text' | 'integer' | 'duration' | 'datetime';

/** One column of the level detail's tables: its key, its label's text key, its kind. */
export interface LevelColumnDef<K extends string> {
  key: K;
  label: string;
  kind: LevelColumnKind;
  width: number;
}

/** The stages' table, written once (an export can take the same list). */
export const STAGE_COLUMNS: readonly LevelColumnDef<keyof Stage>[] = [
  { key: 'name', label: 'leaderboards.level.stage', kind: 'stage', width: 240 },
  { key: 'players', label: 'leaderboards.level.players', kind: 'integer', width: 130 },
  { key: 'bestClearMs', label: 'leaderboards.level.bestTime', kind: 'duration', width: 140 },
  { key: 'bestScore', label: 'leaderboards.field.score', kind: 'integer', width: 130 },
];

/** A stage's records' table; the party column only in Party Game. */
export const STAGE_RECORD_COLUMNS: readonly LevelColumnDef<keyof StageRecord | 'player'>[] = [
  { key: 'rank', label: 'leaderboards.field.rank', kind: 'rank', width: 70 },
  { key: 'player', label: 'leaderboards.field.player', kind: 'player', width: 230 },
  { key: 'partyName', label: 'leaderboards.level.party', kind: 'text', width: 170 },
  { key: 'clearMs', label: 'leaderboards.level.time', kind: 'duration', width: 120 },
  { key: 'score', label: 'leaderboards.field.score', kind: 'integer', width: 120 },
  { key: 'level', label: 'leaderboards.field.level', kind: 'integer', width: 80 },
  { key: 'achievedAt', label: 'leaderboards.field.achievedAt', kind: 'datetime', width: 150 },
];

/** The stage records' columns a game shows: the party only in Party Game. */
export const stageRecordColumnsOf = (game: GameId) =>
  STAGE_RECORD_COLUMNS.filter((def) => def.key !== 'partyName' || game === 'party');

/**
 * How each kind of column is written in an export: a player by their id, a time as its
 * milliseconds (said in the heading), a stage by its names in both languages.
 */
const FILE_KIND: Record<LevelColumnKind, { key?: string; kind: FileKind; unit?: string }> = {
  stage: { kind: 'text' },
  rank: { kind: 'number' },
  player: { key: 'playerId', kind: 'text' },
  text: { kind: 'text' },
  integer: { kind: 'number' },
  duration: { kind: 'number', unit: 'ms' },
  datetime: { kind: 'datetime' },
};

/** A level detail table's columns as an export's (CSV, XLSX), headed as on screen. */
export function levelFileColumns(defs: readonly LevelColumnDef<string>[], t: TFunction): ExportColumn[] {
  return defs.map((def) => {
    const file = FILE_KIND[def.kind];
    return {
      key: file.key ?? def.key,
      label: file.unit ? `${t(def.label)} (${file.unit})` : t(def.label),
      kind: file.kind,
    };
  });
}

/** A clear time as minutes, seconds and milliseconds: 4:05.120. */
export function clearTime(ms: number | null, lang: Language): string {
  if (ms === null) return '—';
  const minutes = Math.floor(ms / 60_000);
  const seconds = ((ms % 60_000) / 1000).toLocaleString(lang, {
    minimumIntegerDigits: 2,
    minimumFractionDigits: 3,
    maximumFractionDigits: 3,
  });
  return `${minutes.toLocaleString(lang)}:${seconds}`;
}

const figure = (n: number | null, lang: Language) => (n === null ? '—' : n.toLocaleString(lang));

/** The stages' columns; a stage's name opens its records. */
export function useStageColumns(onOpen: (stage: Stage) => void): TableColumn<Stage>[] {
  const { t } = useTranslation();
  const lang = useLanguage();
  return useMemo(
    () =>
      STAGE_COLUMNS.map((def) => ({
        key: def.key,
        name: t(def.label),
        width: def.width,
        ...(def.kind === 'stage' ? { interactive: true } : { className: 'cell-figure' }),
        render: (s: Stage) => {
          if (def.kind === 'stage')
            return (
              <Button
                variant="minimal"
                text={`${s.id}. ${s.name[lang]}`}
                onClick={() => onOpen(s)}
                data-testid={`stage-open-${s.id}`}
              />
            );
          if (def.kind === 'duration') return clearTime(s.bestClearMs, lang);
          return figure(def.key === 'players' ? s.players : s.bestScore, lang);
        },
      })),
    [t, lang, onOpen],
  );
}

/** A stage's records' columns. */
export function useStageRecordColumns(game: GameId): TableColumn<StageRecord>[] {
  const { t } = useTranslation();
  const lang = useLanguage();
  return useMemo(
    () =>
      stageRecordColumnsOf(game).map((def) => ({
        key: def.key,
        name: t(def.label),
        width: def.width,
        ...(def.kind === 'player' ? { interactive: true } : {}),
        ...(def.kind === 'integer' || def.kind === 'rank' ? { className: 'cell-figure' } : {}),
        render: (r: StageRecord) => {
          switch (def.kind) {
            case 'rank':
              return (
                <strong data-testid={`stage-rank-${r.id}`} data-rank={r.rank} data-player={r.playerId}>
                  {r.rank.toLocaleString(lang)}
                </strong>
              );
            case 'player':
              return <PlayerLink game={game} id={r.playerId} name={r.playerName} />;
            case 'duration':
              return clearTime(r.clearMs, lang);
            case 'datetime':
              return <ListTime at={r.achievedAt} />;
            case 'text':
              return r.partyName ?? '';
            default:
              return figure(def.key === 'score' ? r.score : r.level, lang);
          }
        },
      })),
    [game, t, lang],
  );
}
