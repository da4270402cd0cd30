import { useEffect, useRef, useState } from 'react';
import { Button, Callout, Card, H4, Intent, ProgressBar } from '@blueprintjs/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RepairJob } from '../../shared/api/batchFix.js';
import { GAMES } from '../../shared/games.js';
import { QueryState } from '../components/QueryState.js';
import { ReasonConfirmDialog } from '../components/ReasonConfirmDialog.js';
import { useToasts } from '../components/Toaster.js';
import { callEndpoint, useEndpointMutation } from '../kit/data.js';
import { queryKeyOf } from '../kit/queryKeys.js';
import { useLanguage } from '../i18n/i18n.js';
import { isActive, outcomeOf, progressOf, POLL_MS, type BatchFixGame } from './jobs.js';
import { StatusTag } from './StatusTag.js';

/**
 * The run just started (or named in the URL): its progress while it runs, asked every half
 * second, and a toast when it ends. A running one can be cancelled, with a reason.
 */
export function RunProgress({
  game,
  runId,
  startedHere,
  onForget,
}: {
  game: BatchFixGame;
  runId: number;
  /** Started from this page: it was queued, so an end seen at the first read is announced. */
  startedHere: boolean;
  onForget: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const toasts = useToasts();
  const qc = useQueryClient();
  const input = { game, jobId: runId };
  const job = useQuery({
    queryKey: queryKeyOf('batchFix.job', input),
    queryFn: () => callEndpoint('batchFix.job', input),
    refetchInterval: (q) => (q.state.data && !isActive(q.state.data.status) ? false : POLL_MS),
  });
  const [cancelling, setCancelling] = useState(false);
  const cancel = useEndpointMutation('batchFix.cancel');
  const seen = useRef<RepairJob['status'] | null>(startedHere ? 'queued' : null);
  const gameName = GAMES[game].names[lang];

  const data = job.data;
  useEffect(() => {
    if (!data) return;
    const before = seen.current;
    seen.current = data.status;
    const outcome = outcomeOf(data.status);
    // Said once, when this page saw it end (not when a finished run is opened from a link).
    if (before === null || !isActive(before) || outcome === null) return;
    void qc.invalidateQueries({ queryKey: ['batchFix', { game }] });
    const names = {
      name: data.name,
      game: gameName,
      id: data.id,
      count: data.changed,
      error: data.error ?? '',
    };
    if (outcome === 'done') toasts.result(t('batchFix.toast.done', names));
    else toasts.error(t(`batchFix.toast.${outcome}`, names));
  }, [data, game, gameName, qc, t, toasts]);

  return (
    <Card className="batchfix-run" data-testid="batchfix-run" data-status={data?.status ?? 'loading'}>
      <QueryState query={job} failedTitle={t('batchFix.job.loadFailed')} errorTestId="batchfix-run-error">
        {(j) => (
          <>
            <div className="batchfix-function-head">
              <H4>{t('batchFix.job.title', { id: j.id, name: j.name })}</H4>
              <StatusTag status={j.status} />
              <span className="toolbar-spacer" />
              {isActive(j.status) && !j.cancelRequested && (
                <Button
                  size="small"
                  icon="stop"
                  intent={Intent.WARNING}
                  text={t('batchFix.job.cancel')}
                  onClick={() => setCancelling(true)}
                  data-testid="batchfix-cancel"
                />
              )}
              {!isActive(j.status) && (
                <Button
                  size="small"
                  variant="minimal"
                  icon="cross"
                  onClick={onForget}
                  aria-label={t('batchFix.job.close')}
                />
              )}
            </div>
            <ProgressBar
              value={progressOf(j)}
              intent={
                j.status === 'failed' ? Intent.DANGER : j.status === 'done' ? Intent.SUCCESS : Intent.PRIMARY
              }
              animate={isActive(j.status)}
              stripes={isActive(j.status)}
            />
            <p data-testid="batchfix-run-progress">
              {t('batchFix.job.progress', {
                processed: j.processed.toLocaleString(lang),
                total: j.total.toLocaleString(lang),
                changed: j.changed.toLocaleString(lang),
              })}
            </p>
            {j.cancelRequested && isActive(j.status) && <p>{t('batchFix.job.stopping')}</p>}
            {j.error && (
              <Callout intent={Intent.DANGER} icon="error">
                {j.error}
              </Callout>
            )}
          </>
        )}
      </QueryState>
      <ReasonConfirmDialog
        isOpen={cancelling}
        onClose={() => setCancelling(false)}
        title={t('batchFix.cancel.title', { id: runId, name: data?.name ?? '', game: gameName })}
        warning={t('batchFix.cancel.warning')}
        confirmText={t('batchFix.cancel.confirm')}
        failedTitle={t('batchFix.cancel.failed')}
        icon="stop"
        intent={Intent.WARNING}
        onConfirm={async (reason) => {
          await cancel.mutateAsync({ game, jobId: runId, reason });
          toasts.success(t('batchFix.cancel.done', { id: runId }));
        }}
        testId="batchfix-cancel-dialog"
      />
    </Card>
  );
}
