import { useState } from 'react';
import { Callout, Switch } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { GAMES, type GameId } from '../../shared/games.js';
import { formatDateTime } from '../components/format.js';
import { QueryState } from '../components/QueryState.js';
import { ReasonConfirmDialog } from '../components/ReasonConfirmDialog.js';
import { useToasts } from '../components/Toaster.js';
import { useLanguage } from '../i18n/i18n.js';
import { useEndpointMutation, useEndpointQuery } from '../kit/data.js';
import { useMayCall } from './access.js';

/** The game's dynamic rank list switch, for the operators who may read and switch it (admins). */
export function DynamicRankSwitch({ game }: { game: GameId }) {
  return useMayCall('leaderboards.setDynamicRank') ? <DynamicRankPanel game={game} /> : null;
}

/**
 * Whether the game shows its players live ranks, and who last switched it when. A switch is
 * confirmed with a reason (the server audits it); until the server has answered, the switch
 * shows what is, not what was asked.
 */
function DynamicRankPanel({ game }: { game: GameId }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const toasts = useToasts();
  const query = useEndpointQuery('leaderboards.dynamicRank', { game });
  const mutation = useEndpointMutation('leaderboards.setDynamicRank');
  /** The state asked for, kept while its confirmation closes so that its texts stay. */
  const [asking, setAsking] = useState({ next: false, open: false });
  const names = { game: GAMES[game].names[lang] };
  const turning = asking.next ? 'on' : 'off';

  return (
    <Callout className="dynamic-rank" icon="exchange" data-testid="dynamic-rank">
      <QueryState query={query} failedTitle={t('leaderboards.dynamicRank.loadFailed')}>
        {(d) => (
          <>
            <span data-testid="dynamic-rank-switch" data-enabled={d.enabled}>
              <Switch
                checked={d.enabled}
                label={t('leaderboards.dynamicRank.label', names)}
                onChange={() => setAsking({ next: !d.enabled, open: true })}
                inline
              />
            </span>
            <span className="dynamic-rank-changed" data-testid="dynamic-rank-changed">
              {d.updatedAt
                ? t('leaderboards.dynamicRank.changed', {
                    who: d.updatedBy ?? '?',
                    when: formatDateTime(d.updatedAt, lang),
                  })
                : t('leaderboards.dynamicRank.never')}
            </span>
          </>
        )}
      </QueryState>
      <ReasonConfirmDialog
        isOpen={asking.open}
        onClose={() => setAsking((a) => ({ ...a, open: false }))}
        title={t(`leaderboards.dynamicRank.${turning}.title`, names)}
        warning={t(`leaderboards.dynamicRank.${turning}.warning`, names)}
        confirmText={t(`leaderboards.dynamicRank.${turning}.confirm`)}
        failedTitle={t('leaderboards.dynamicRank.failed')}
        icon="exchange"
        onConfirm={async (reason) => {
          await mutation.mutateAsync({ game, enabled: asking.next, reason });
          toasts.success(t(`leaderboards.dynamicRank.${turning}.done`, names));
        }}
        testId="dynamic-rank-dialog"
      />
    </Callout>
  );
}
