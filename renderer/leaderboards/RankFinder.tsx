import { useState, type FormEvent } from 'react';
import { Button, Callout, InputGroup, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { Board } from '../../shared/api/leaderboards.js';
import { GAMES, type GameId } from '../../shared/games.js';
import { playerLabel } from '../components/playerLabel.js';
import { QueryErrorCallout } from '../components/QueryState.js';
import { useLanguage } from '../i18n/i18n.js';
import { useEndpointQuery } from '../kit/data.js';
import { DataTable } from '../kit/table.js';
import { BoardExport } from './BoardExport.js';
import { recordFileColumns, useRecordColumns } from './columns.js';
import { lookupOf, NAME_MATCHES_SHOWN, type Lookup } from './find.js';

interface Where {
  game: GameId;
  board: Board;
  /** The season shown; the current one when absent. */
  season: number | undefined;
}

/**
 * "Find a player's rank" on the board and season shown: by id at once, by name through the
 * player search (one match is ranked, several are offered to pick from). The rank is the
 * server's, with the records just above and below it.
 */
export function RankFinder(where: Where) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [lookup, setLookup] = useState<Lookup>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setLookup(lookupOf(text));
  };
  return (
    <div className="rank-finder" data-testid="rank-finder">
      <form className="toolbar" onSubmit={submit}>
        <InputGroup
          leftIcon="search"
          value={text}
          onValueChange={setText}
          placeholder={t('leaderboards.find.placeholder')}
          aria-label={t('leaderboards.find.label')}
          maxLength={64}
          data-testid="rank-finder-input"
        />
        <Button type="submit" text={t('leaderboards.find.submit')} data-testid="rank-finder-submit" />
      </form>
      {lookup && 'name' in lookup && (
        <NameMatches {...where} name={lookup.name} onPick={(playerId) => setLookup({ playerId })} />
      )}
      {lookup && 'playerId' in lookup && <PlayerRank {...where} playerId={lookup.playerId} />}
    </div>
  );
}

/** The players a name matches: one is ranked at once, several are offered, none is said. */
function NameMatches({ name, onPick, ...where }: Where & { name: string; onPick: (id: string) => void }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const query = useEndpointQuery('players.search', {
    game: where.game,
    name,
    page: 1,
    pageSize: NAME_MATCHES_SHOWN,
  });
  if (query.isPending) return null;
  if (query.error)
    return (
      <QueryErrorCallout title={t('leaderboards.find.failed')} query={query} testId="rank-finder-error" />
    );
  const players = query.data.items;
  if (players.length === 1 && players[0]) return <PlayerRank {...where} playerId={players[0].id} />;
  if (players.length === 0)
    return (
      <Callout intent={Intent.WARNING} data-testid="rank-finder-none">
        {t('leaderboards.find.noPlayer', { name, game: GAMES[where.game].names[lang] })}
      </Callout>
    );
  return (
    <Callout
      data-testid="rank-finder-matches"
      title={t('leaderboards.find.several', { count: query.data.total })}
    >
      {players.map((p) => (
        <Button
          key={p.id}
          variant="minimal"
          text={playerLabel(p.id, p.name)}
          onClick={() => onPick(p.id)}
          data-testid={`rank-finder-pick-${p.id}`}
        />
      ))}
    </Callout>
  );
}

/** A player's rank on the board, and their neighbours. */
function PlayerRank({ playerId, ...where }: Where & { playerId: string }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const columns = useRecordColumns(where.game, where.board);
  const input = {
    game: where.game,
    board: where.board,
    playerId,
    ...(where.season === undefined ? {} : { season: where.season }),
  };
  const query = useEndpointQuery('leaderboards.rank', input);
  if (query.isPending) return null;
  if (query.error)
    return (
      <QueryErrorCallout title={t('leaderboards.find.failed')} query={query} testId="rank-finder-error" />
    );
  const { record, around, total, season } = query.data;
  return (
    <Callout intent={Intent.PRIMARY} icon="crown" data-testid="rank-finder-result" data-rank={record.rank}>
      <p>
        {t('leaderboards.find.rank', {
          player: playerLabel(record.playerId, record.playerName),
          rank: (record.rank ?? 0).toLocaleString(lang),
          total: total.toLocaleString(lang),
          board: t(`leaderboards.board.${where.board}`),
          season: season.name,
        })}
      </p>
      <DataTable rows={around} columns={columns} testId="rank-finder-around" />
      <BoardExport
        endpoint="leaderboards.rank"
        input={input}
        rows="around"
        columns={recordFileColumns(where.board, t)}
        page="page.top100"
        where={{
          game: where.game,
          board: where.board,
          season,
          player: playerLabel(record.playerId, record.playerName),
        }}
        testId="rank-finder-around"
      />
    </Callout>
  );
}
