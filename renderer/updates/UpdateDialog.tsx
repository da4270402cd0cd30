import { useEffect, useState } from 'react';
import { Button, Callout, Classes, H5, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Codes } from '../../shared/codes.js';
import type { ResultError } from '../../shared/envelope.js';
import { bridge } from '../bridge/bridge.js';
import { asResultError } from '../bridge/result.js';
import { ErrorCallout } from '../components/ErrorCallout.js';
import { formatDateTime } from '../components/format.js';
import { useLanguage } from '../i18n/i18n.js';
import { ViewDialog } from '../kit/ViewDialog.js';
import { RESTART_SAFE } from './dialogs.js';
import { onOpenUpdateDialog, useUpdateState } from './store.js';

/**
 * The release notes, then the restart: opened by the top bar's "Restart to update" and the app
 * menu's. Main refuses the restart while another dialog is open, and this says why.
 */
export function UpdateDialog() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const state = useUpdateState();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ResultError | null>(null);

  useEffect(() => onOpenUpdateDialog(() => setOpen(true)), []);
  useEffect(() => bridge().on('updates:show', () => setOpen(true)), []);

  const close = () => {
    setOpen(false);
    setError(null);
  };
  const restart = async () => {
    setBusy(true);
    setError(null);
    try {
      const res = await bridge().updates.install();
      // On success the app quits; nothing more to show.
      if (!res.ok) setError(res.error);
    } catch (err) {
      setError(asResultError(err, Codes.NETWORK));
    } finally {
      setBusy(false);
    }
  };

  const ready = state?.phase === 'downloaded' && state.version;
  return (
    <ViewDialog
      isOpen={open}
      onClose={close}
      title={ready ? t('updates.dialog.title', { version: state.version }) : t('updates.restart')}
      icon="automatic-updates"
      className={`update-dialog ${RESTART_SAFE}`}
      // Above a dialog already open (the menu can ask while one is), so its answer is seen.
      portalClassName="update-portal"
      testId="update-dialog"
      actions={
        <>
          <Button
            onClick={close}
            text={t('updates.dialog.later')}
            variant="minimal"
            data-testid="update-later"
          />
          <Button
            intent={Intent.PRIMARY}
            icon="refresh"
            text={t('updates.dialog.restart')}
            disabled={!ready}
            loading={busy}
            onClick={() => void restart()}
            data-testid="update-restart"
          />
        </>
      }
    >
      {ready ? (
        <>
          <p>{t('updates.dialog.ready', { version: state.version })}</p>
          <H5>{t('updates.dialog.notes')}</H5>
          {state.releaseDate && (
            <p className={Classes.TEXT_MUTED}>
              {t('updates.dialog.released', { date: formatDateTime(state.releaseDate, lang) })}
            </p>
          )}
          {/* Text only: notes from the feed never run as markup in the window. */}
          <pre className="update-notes" data-testid="update-notes">
            {state.releaseNotes ?? t('updates.dialog.noNotes')}
          </pre>
        </>
      ) : (
        <Callout intent={Intent.NONE} icon="info-sign">
          {t('updates.dialog.notReady')}
        </Callout>
      )}
      {error && <ErrorCallout title={t('updates.dialog.refused')} error={error} testId="update-refused" />}
    </ViewDialog>
  );
}
