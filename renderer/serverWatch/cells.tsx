import { Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { checkTarget, type WatchedServer, type WatchState } from '../../shared/api/serverWatch.js';

/** The cells a watched server is drawn with in the list and in its drawer alike. */

export const STATE_INTENT: Record<WatchState, Intent> = {
  up: Intent.SUCCESS,
  down: Intent.DANGER,
  unknown: Intent.NONE,
  paused: Intent.WARNING,
  maintenance: Intent.PRIMARY,
};

export function StateTag({ server, testId }: { server: WatchedServer; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag
      intent={STATE_INTENT[server.state]}
      minimal={server.state === 'unknown' || server.state === 'paused'}
      data-testid={testId}
      data-state={server.state}
    >
      {t(`serverWatch.state.${server.state}`)}
    </Tag>
  );
}

/** What is checked, as an operator reads it: "TCP 127.0.0.1:4001". */
export function CheckCell({ server }: { server: WatchedServer }) {
  const { t } = useTranslation();
  return (
    <span className="watch-check">
      <Tag minimal>{t(`serverWatch.kind.${server.check.kind}`)}</Tag>{' '}
      <code title={checkTarget(server.check)}>{checkTarget(server.check)}</code>
    </span>
  );
}
