import { useEffect, useState } from 'react';
import { Button, Callout, Classes, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Codes } from '../../shared/codes.js';
import type { ResultError } from '../../shared/envelope.js';
import type { AboutInfo, UpdateState } from '../../shared/ipc.js';
import { onAppCommand } from '../app/commands.js';
import { bridge } from '../bridge/bridge.js';
import { asResultError } from '../bridge/result.js';
import { ErrorCallout } from '../components/ErrorCallout.js';
import { FactsTable } from '../components/FactsTable.js';
import { useCopy } from '../kit/useCopy.js';
import { ViewDialog } from '../kit/ViewDialog.js';
import { formatBytes, formatDateTime } from '../components/format.js';
import { useLanguage } from '../i18n/i18n.js';
import { useSession } from '../session/SessionContext.js';
import { RESTART_SAFE } from '../updates/dialogs.js';
import { updateStatus } from '../updates/status.js';
import { applyUpdateState, openUpdateDialog, useUpdateState } from '../updates/store.js';
import { aboutClipboardText, aboutFacts } from './aboutText.js';

/** The update's state in words (and the way to restart into one that is downloaded). */
function UpdateStatus({ update }: { update: UpdateState }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const status = updateStatus(
    update,
    (ms) => formatDateTime(ms, lang),
    (bytes) => formatBytes(bytes, lang),
  );
  return (
    <Callout
      intent={status.intent === 'none' ? Intent.NONE : status.intent}
      icon="automatic-updates"
      compact
      className="about-update"
      data-testid="about-update-status"
      data-phase={update.phase}
    >
      {t(status.key, status.values)}
      {update.phase === 'downloaded' && (
        <Button
          size="small"
          variant="minimal"
          intent={Intent.SUCCESS}
          text={t('updates.restart')}
          onClick={openUpdateDialog}
          data-testid="about-restart"
        />
      )}
    </Callout>
  );
}

/** What main says about the app, asked again each time the box opens; and what went wrong. */
function useAbout(open: boolean) {
  const [about, setAbout] = useState<AboutInfo | null>(null);
  const [error, setError] = useState<ResultError | null>(null);
  useEffect(() => {
    if (!open) return;
    let live = true;
    setError(null);
    bridge()
      .app.about()
      .then((a) => live && setAbout(a))
      .catch((err: unknown) => live && setError(asResultError(err, Codes.NETWORK)));
    return () => {
      live = false;
    };
  }, [open]);
  return { about, error, setError };
}

/**
 * The About box (the app command `about`, from the menu or the palette): versions, where tokens
 * are kept, the backend and its data folder, the update feed and channel, the logs folder; a
 * button copies all of it for a support request, another opens the logs folder.
 */
export function AboutDialog() {
  const { t } = useTranslation();
  const { state, appInfo } = useSession();
  const update = useUpdateState();
  const [open, setOpen] = useState(false);
  const { about, error, setError } = useAbout(open);
  const { state: copied, copy: put, reset: resetCopy } = useCopy();
  const [checking, setChecking] = useState(false);

  useEffect(
    () =>
      onAppCommand('about', () => {
        resetCopy();
        setOpen(true);
      }),
    [resetCopy],
  );

  const say = (key: string, values?: Record<string, string>) => t(key, values ?? {});
  const facts = about
    ? aboutFacts(
        {
          about,
          tokenStorage: state?.tokenStorage ?? null,
          tokenStorageReason: state?.tokenStorageReason ?? null,
          backend: appInfo ? { mode: appInfo.backend.mode, url: appInfo.backend.url } : null,
          update,
        },
        say,
      )
    : [];

  const copy = () => {
    if (!about) return;
    put(aboutClipboardText(about.name, facts, say));
  };
  const openLogs = async () => {
    setError(null);
    try {
      const res = await bridge().app.openLogs();
      if (!res.ok) setError(res.error);
    } catch (err) {
      setError(asResultError(err, Codes.NETWORK));
    }
  };
  const checkNow = async () => {
    setChecking(true);
    try {
      applyUpdateState(await bridge().updates.check());
    } catch (err) {
      setError(asResultError(err, Codes.NETWORK));
    } finally {
      setChecking(false);
    }
  };

  return (
    <ViewDialog
      isOpen={open}
      onClose={() => setOpen(false)}
      title={t('about.title', { name: about?.name ?? t('app.title') })}
      icon="info-sign"
      className={`about-dialog ${RESTART_SAFE}`}
      portalClassName="update-portal"
      testId="about-dialog"
      actions={
        <>
          {update && update.phase !== 'disabled' && (
            <Button
              icon="refresh"
              text={t('updates.checkNow')}
              loading={checking}
              disabled={update.phase === 'checking' || update.phase === 'downloading'}
              onClick={() => void checkNow()}
              data-testid="about-check"
            />
          )}
          {about?.logsFolder && (
            <Button
              icon="folder-open"
              text={t('about.openLogs')}
              onClick={() => void openLogs()}
              data-testid="about-open-logs"
            />
          )}
          <Button
            icon={copied === 'copied' ? 'tick' : 'duplicate'}
            text={copied === 'copied' ? t('about.copied') : t('about.copy')}
            disabled={!about}
            onClick={copy}
            data-testid="about-copy"
          />
          <Button
            intent={Intent.PRIMARY}
            text={t('about.close')}
            onClick={() => setOpen(false)}
            data-testid="about-close"
          />
        </>
      }
    >
      {!about && !error && <p className={Classes.SKELETON}>…</p>}
      {about && (
        <FactsTable
          className="about-facts"
          testId="about-facts"
          facts={facts.map((f) => [t(f.key), f.value, f.key] as const)}
        />
      )}
      {update && <UpdateStatus update={update} />}
      {error && <ErrorCallout title={t('about.failed')} error={error} testId="about-error" />}
      {copied === 'failed' && (
        <Callout intent={Intent.WARNING} compact data-testid="about-copy-failed">
          {t('about.copyFailed')}
        </Callout>
      )}
    </ViewDialog>
  );
}
