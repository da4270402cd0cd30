import { useState } from 'react';
import { Button, Callout, Card, H4, Intent, Tag } from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { bridge } from '../bridge/bridge.js';
import { asResultError, unwrap } from '../bridge/result.js';
import { Codes } from '../../shared/codes.js';
import { ErrorCallout } from '../components/ErrorCallout.js';
import { QueryState } from '../components/QueryState.js';
import { ReasonConfirmDialog } from '../components/ReasonConfirmDialog.js';
import { useToasts } from '../components/Toaster.js';
import { formatDateTime } from '../components/format.js';
import { useEndpointMutation, useEndpointQuery } from '../kit/data.js';
import { useLanguage } from '../i18n/i18n.js';

/** Where the renderer keeps main's answer about the pay-server session (never the token). */
export const PAY_SERVER_SESSION_KEY = ['payServerSession'] as const;

/**
 * The pay server: whether it takes new orders and payments (and who changed that, why), the
 * operator's own pay-server session (main signs in and keeps the token), and Shut down / Start,
 * each confirmed with what it does and a reason.
 */
export function PayServerPanel() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const toasts = useToasts();
  const qc = useQueryClient();
  const status = useEndpointQuery('payServer.status', {});
  const session = useQuery({
    queryKey: PAY_SERVER_SESSION_KEY,
    queryFn: () => bridge().payServer.get(),
  });
  const signIn = useMutation({
    mutationFn: async () => unwrap(await bridge().payServer.signIn()),
    onSuccess: (data) => {
      qc.setQueryData(PAY_SERVER_SESSION_KEY, data);
      toasts.success(
        t('payments.server.signedInDone', { until: formatDateTime((data.expiresAt ?? 0) * 1000, lang) }),
      );
    },
  });
  const shutdown = useEndpointMutation('payServer.shutdown');
  const start = useEndpointMutation('payServer.start');
  const [asking, setAsking] = useState<'shutdown' | 'start' | null>(null);

  const expiresAt = session.data?.signedIn ? session.data.expiresAt : null;

  return (
    <Card className="pay-server-panel" data-testid="pay-server-panel">
      <H4>{t('payments.server.title')}</H4>
      <QueryState query={status} failedTitle={t('payments.server.loadFailed')} errorTestId="pay-server-error">
        {(s) => (
          <>
            <div className="pay-server-row">
              <Tag
                large
                intent={s.accepting ? Intent.SUCCESS : Intent.DANGER}
                icon={s.accepting ? 'tick-circle' : 'disable'}
                data-testid="pay-server-state"
              >
                {s.accepting ? t('payments.server.accepting') : t('payments.server.shutDown')}
              </Tag>
              {s.changedAt && (
                <span data-testid="pay-server-changed">
                  {t(s.accepting ? 'payments.server.startedBy' : 'payments.server.shutDownBy', {
                    who: s.changedBy ?? '',
                    at: formatDateTime(s.changedAt, lang),
                    reason: s.reason ?? '',
                  })}
                </span>
              )}
              <span className="toolbar-spacer" />
              {s.accepting ? (
                <Button
                  intent={Intent.DANGER}
                  icon="power"
                  text={t('payments.server.shutdown')}
                  onClick={() => setAsking('shutdown')}
                  data-testid="pay-server-shutdown"
                />
              ) : (
                <Button
                  intent={Intent.SUCCESS}
                  icon="play"
                  text={t('payments.server.start')}
                  onClick={() => setAsking('start')}
                  data-testid="pay-server-start"
                />
              )}
            </div>
            {!s.accepting && (
              <Callout intent={Intent.WARNING} icon="warning-sign" data-testid="pay-server-down-note">
                {t('payments.server.downNote')}
              </Callout>
            )}
          </>
        )}
      </QueryState>
      <div className="pay-server-row" data-testid="pay-server-session">
        {session.data === undefined ? null : expiresAt !== null ? (
          <Tag intent={Intent.PRIMARY} icon="endorsed" minimal data-testid="pay-server-signed-in">
            {t('payments.server.signedInUntil', { until: formatDateTime(expiresAt * 1000, lang) })}
          </Tag>
        ) : (
          <Tag minimal icon="lock" data-testid="pay-server-signed-out">
            {t('payments.server.notSignedIn')}
          </Tag>
        )}
        <Button
          icon="log-in"
          loading={signIn.isPending}
          text={expiresAt !== null ? t('payments.server.signInAgain') : t('payments.server.signIn')}
          onClick={() => signIn.mutate()}
          data-testid="pay-server-sign-in"
        />
        <span className="pay-server-help">{t('payments.server.sessionHelp')}</span>
      </div>
      {signIn.error && (
        <ErrorCallout
          title={t('payments.server.signInFailed')}
          error={asResultError(signIn.error, Codes.NETWORK)}
          testId="pay-server-sign-in-error"
        />
      )}
      <ReasonConfirmDialog
        isOpen={asking !== null}
        onClose={() => setAsking(null)}
        title={asking === 'start' ? t('payments.server.startTitle') : t('payments.server.shutdownTitle')}
        warning={
          asking === 'start' ? t('payments.server.startWarning') : t('payments.server.shutdownWarning')
        }
        confirmText={asking === 'start' ? t('payments.server.start') : t('payments.server.shutdown')}
        failedTitle={
          asking === 'start' ? t('payments.server.startFailed') : t('payments.server.shutdownFailed')
        }
        icon={asking === 'start' ? 'play' : 'power'}
        intent={asking === 'start' ? Intent.SUCCESS : Intent.DANGER}
        onConfirm={async (reason) => {
          const after =
            asking === 'start' ? await start.mutateAsync({ reason }) : await shutdown.mutateAsync({ reason });
          toasts.success(
            after.accepting ? t('payments.server.startedDone') : t('payments.server.shutDownDone'),
          );
          await status.refetch();
        }}
        testId="pay-server-confirm"
      />
    </Card>
  );
}
