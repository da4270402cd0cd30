import type { ReactNode } from 'react';
import { Card, Classes, H2, Intent, Tag, type IconName } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { PlayerDetail } from '../../shared/api/players.js';
import type { GameId } from '../../shared/games.js';
import { formatDateTime } from '../components/format.js';
import { useLanguage } from '../i18n/i18n.js';
import { PlayerActions } from './PlayerActions.js';
import { FLAG_INTENT, StateTag, type PlayerFlag } from './PlayerTags.js';

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="player-fact">
      <dt className={Classes.TEXT_MUTED}>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

/** A flag the player has, and beside it why. */
function FlagLine({ flag, icon, children }: { flag: PlayerFlag; icon: IconName; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="player-flag" data-testid={`player-flag-${flag}`}>
      <Tag intent={FLAG_INTENT[flag]} icon={icon}>
        {t(`players.flag.${flag}`)}
      </Tag>
      {children}
    </div>
  );
}

/** Why each flag is set, beside the flag: a ban's reason and end, a special user's category. */
function Flags({ player }: { player: PlayerDetail }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { flags, ban, special } = player;
  if (!flags.banned && !flags.testing && !flags.special) return null;
  return (
    <div className="player-flag-list">
      {flags.banned && (
        <FlagLine flag="banned" icon="disable">
          {ban && (
            <span>
              {ban.expiresAt
                ? t('players.flag.bannedUntil', { time: formatDateTime(ban.expiresAt, lang) })
                : t('players.flag.bannedForever')}
              {' · '}
              {t('players.flag.reason', { reason: ban.reason })}
              {' · '}
              <span className={Classes.TEXT_MUTED}>
                {t('players.flag.bannedBy', {
                  operator: ban.operator,
                  time: formatDateTime(ban.createdAt, lang),
                })}
              </span>
            </span>
          )}
        </FlagLine>
      )}
      {flags.testing && (
        <FlagLine flag="testing" icon="lab-test">
          <span className={Classes.TEXT_MUTED}>{t('players.flag.testingHelp')}</span>
        </FlagLine>
      )}
      {flags.special && (
        <FlagLine flag="special" icon="star">
          {special && (
            <span>
              {t('players.flag.category', { category: special.category })}
              {special.note && <span className={Classes.TEXT_MUTED}> · {special.note}</span>}
            </span>
          )}
        </FlagLine>
      )}
    </div>
  );
}

/** Who the player is and what state their account is in, with the actions an operator may take. */
export function PlayerHeader({ game, player }: { game: GameId; player: PlayerDetail }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <Card className="player-header" data-testid="player-header">
      <div className="player-header-top">
        <H2 className="player-name heading-size-3" data-testid="player-name">
          {player.name}
        </H2>
        <StateTag state={player.state} size="large" data-testid="player-state" />
        <span className="toolbar-spacer" />
        <PlayerActions game={game} player={player} />
      </div>
      <dl className="player-facts">
        <Fact label={t('players.field.id')} testId="player-id">
          <code>{player.id}</code>
        </Fact>
        <Fact label={t('players.field.num')}>{player.num}</Fact>
        <Fact label={t('players.field.level')}>{player.level}</Fact>
        <Fact label={t('players.field.createdAt')}>{formatDateTime(player.createdAt, lang)}</Fact>
        <Fact label={t('players.field.lastLoginAt')}>
          {formatDateTime(player.lastLoginAt, lang) || t('players.detail.neverSignedIn')}
        </Fact>
        {player.deletedAt && (
          <Fact label={t('players.field.deletedAt')}>
            <span className="player-deleted-at">{formatDateTime(player.deletedAt, lang)}</span>
          </Fact>
        )}
      </dl>
      <Flags player={player} />
      {player.state !== 'active' && (
        <p className={`player-state-help ${Classes.TEXT_MUTED}`}>
          <Tag minimal intent={Intent.NONE} icon="info-sign">
            {t(`players.stateHelp.${player.state}`)}
          </Tag>
        </p>
      )}
    </Card>
  );
}
