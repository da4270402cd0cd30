import { useState, type FormEvent } from 'react';
import { Button, Callout, InputGroup, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { GameId } from '../../shared/games.js';
import { playerLabel } from '../components/playerLabel.js';
import { QueryErrorCallout } from '../components/QueryState.js';
import { useLanguage } from '../i18n/i18n.js';
import { useEndpointQuery } from '../kit/data.js';
import { clearTime } from './LevelColumns.js';

interface Where {
  game: GameId;
  stageId: number;
  season: number | undefined;
}

/** "Find a player's rank" on the stage opened, by player id: the server's rank and their best clear. */
export function LevelRankFinder(where: Where) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [playerId, setPlayerId] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const id = text.trim();
    setPlayerId(id === '' ? null : id);
  };
  return (
    <div className="rank-finder" data-testid="stage-finder">
      <form className="toolbar" onSubmit={submit}>
        <InputGroup
          leftIcon="search"
          value={text}
          onValueChange={setText}
          placeholder={t('leaderboards.level.findPlaceholder')}
          aria-label={t('leaderboards.level.findLabel')}
          maxLength={64}
          data-testid="stage-finder-input"
        />
        <Button type="submit" text={t('leaderboards.find.submit')} data-testid="stage-finder-submit" />
      </form>
      {playerId !== null && <StageRank {...where} playerId={playerId} />}
    </div>
  );
}

function StageRank({ playerId, game, stageId, season }: Where & { playerId: string }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const query = useEndpointQuery('leaderboards.stageRank', {
    game,
    stageId,
    playerId,
    ...(season === undefined ? {} : { season }),
  });
  if (query.isPending) return null;
  if (query.error)
    return (
      <QueryErrorCallout title={t('leaderboards.find.failed')} query={query} testId="stage-finder-error" />
    );
  const { record, stage } = query.data;
  return (
    <Callout intent={Intent.PRIMARY} icon="crown" data-testid="stage-finder-result" data-rank={record.rank}>
      {t('leaderboards.level.rank', {
        player: playerLabel(record.playerId, record.playerName),
        rank: record.rank.toLocaleString(lang),
        total: stage.players.toLocaleString(lang),
        time: clearTime(record.clearMs, lang),
      })}
    </Callout>
  );
}
