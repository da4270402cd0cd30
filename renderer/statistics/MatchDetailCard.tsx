import { Button, Card, H4, H5, Tag, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { GameId } from '../../shared/games.js';
import { PlayerLink } from '../components/PlayerLink.js';
import { QueryState } from '../components/QueryState.js';
import { FactsTable } from '../components/FactsTable.js';
import { useLanguage } from '../i18n/i18n.js';
import { useEndpointQuery } from '../kit/data.js';
import { DataTable } from '../kit/table.js';
import { lineupColumns, minutes, studioTime, tableColumns } from './columns.js';
import { StatsExport } from './StatsExport.js';

/** One match by id: when, where, how long, who won, and every player's side and result. */
export function MatchDetailCard({
  game,
  matchId,
  onClose,
}: {
  game: GameId;
  matchId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const detail = useEndpointQuery('matchStats.detail', { game, matchId });
  return (
    <Card className="stats-card" data-testid="match-detail">
      <div className="kit-chart-head">
        <H4>{t('statistics.match.detailTitle', { id: matchId })}</H4>
        <Button
          size="small"
          icon="cross"
          text={t('statistics.match.closeDetail')}
          onClick={onClose}
          data-testid="match-detail-close"
        />
      </div>
      <QueryState
        query={detail}
        failedTitle={t('statistics.match.detailFailed')}
        errorTestId="match-detail-error"
      >
        {(m) => (
          <>
            <FactsTable
              className="stats-facts"
              facts={[
                [t('statistics.column.mode'), t(`statistics.mode.${m.mode}`, { defaultValue: m.mode })],
                [t('statistics.column.map'), m.map],
                [t('statistics.column.startedAt'), studioTime(m.startedAt, lang, m.timeZone)],
                [t('statistics.column.length'), minutes(m.seconds)],
                [
                  t('statistics.column.winner'),
                  <Tag
                    minimal
                    intent={m.winner === null ? Intent.NONE : Intent.SUCCESS}
                    data-testid="match-winner"
                  >
                    {t(`statistics.side.${m.winner ?? 'draw'}`)}
                  </Tag>,
                ],
              ]}
            />
            <div className="stats-card-head">
              <H5>{t('statistics.match.lineup')}</H5>
              <StatsExport
                game={game}
                page="matchStats"
                endpoint="matchStats.detail"
                input={{ game, matchId }}
                rows="lineup"
                columns={lineupColumns}
                zone={m.timeZone}
                filters={[{ label: t('statistics.column.matchId'), value: m.id }]}
                testId="match-lineup"
              />
            </div>
            <DataTable
              rows={m.lineup}
              columns={tableColumns(
                lineupColumns,
                { t, lang, zone: m.timeZone },
                {
                  playerId: (p) => <PlayerLink game={game} id={p.playerId} name={p.playerName} />,
                  side: (p) => t(`statistics.side.${p.side}`),
                  result: (p) => t(`statistics.result.${p.result}`),
                },
              )}
              dependencies={[lang]}
              label={t('statistics.match.lineup')}
              testId="match-lineup"
            />
          </>
        )}
      </QueryState>
    </Card>
  );
}
