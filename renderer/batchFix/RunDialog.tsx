import { Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { DryRun, RepairFunction, RepairJob } from '../../shared/api/batchFix.js';
import { ReasonConfirmDialog } from '../components/ReasonConfirmDialog.js';
import { useToasts } from '../components/Toaster.js';
import { formatDateTime } from '../components/format.js';
import { useEndpointMutation } from '../kit/data.js';
import { useGameName } from '../kit/gameName.js';
import { useLanguage } from '../i18n/i18n.js';
import { removesRows, type BatchFixGame } from './jobs.js';

/**
 * Execute, confirmed: what the function does (or that the backend does not list it), what its
 * dry run found, whether it removes rows, then the reason. Started, it says so for a second (the
 * spec's toast) and hands the run to the page.
 */
export function RunDialog({
  game,
  name,
  known,
  dryRun,
  onClose,
  onStarted,
}: {
  game: BatchFixGame;
  /** The function to run; null while the dialog is closed. */
  name: string | null;
  known: RepairFunction | undefined;
  /** Its dry run, when one was made for this name. */
  dryRun: DryRun | undefined;
  onClose: () => void;
  onStarted: (job: RepairJob) => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const toasts = useToasts();
  const gameName = useGameName(game);
  const run = useEndpointMutation('batchFix.run');
  return (
    <ReasonConfirmDialog
      isOpen={name !== null}
      onClose={onClose}
      title={t('batchFix.run.title', { name: name ?? '', game: gameName })}
      warning={
        <>
          <p>{known ? known.texts[lang].description : t('batchFix.run.unknown', { name: name ?? '' })}</p>
          {dryRun && (
            <p data-testid="batchfix-run-expected">
              {t('batchFix.run.expected', { count: dryRun.total, at: formatDateTime(dryRun.at, lang) })}
            </p>
          )}
          {known && removesRows(known) && <p>{t('batchFix.run.removes')}</p>}
          <p>{t('batchFix.run.warning', { game: gameName })}</p>
        </>
      }
      confirmText={t('batchFix.run.confirm')}
      failedTitle={t('batchFix.run.failed')}
      icon="play"
      intent={Intent.DANGER}
      onConfirm={async (reason) => {
        if (name === null) return;
        const job = await run.mutateAsync({ game, name, reason });
        // Code 1: the spec's toast, for a second.
        toasts.success(t('batchFix.toast.started', { name: job.name, game: gameName, id: job.id }));
        onStarted(job);
      }}
      testId="batchfix-run-dialog"
    />
  );
}
