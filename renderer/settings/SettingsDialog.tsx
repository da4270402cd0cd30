import { useCallback, useEffect, useState, type FormEvent } from 'react';
import {
  Callout,
  Classes,
  Dialog,
  DialogBody,
  FormGroup,
  H5,
  InputGroup,
  Intent,
  Radio,
  RadioGroup,
  Spinner,
} from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '../kit/DialogActions.js';
import { Codes, codeText } from '../../shared/codes.js';
import type { ResultError } from '../../shared/envelope.js';
import { SERVICES, SERVICE_BASE_PATHS, type ServiceName } from '../../shared/games.js';
import type { AppInfo } from '../../shared/ipc.js';
import type { Settings } from '../../shared/settings-schema.js';
import { bridge } from '../bridge/bridge.js';
import { asResultError } from '../bridge/result.js';
import { ErrorCallout } from '../components/ErrorCallout.js';
import { useToasts } from '../components/Toaster.js';
import { useLanguage } from '../i18n/i18n.js';
import { useSession } from '../session/SessionContext.js';
import { Preferences } from '../theme/Preferences.js';
import {
  formFromSettings,
  lacksBasePath,
  pointsAtEmbedded,
  switchesBackend,
  urlErrorsFromIssues,
  urlProblemKey,
  validateSettingsForm,
  type BackendMode,
  type SettingsFormValues,
  type UrlErrors,
  type UrlProblem,
} from './settingsForm.js';

/**
 * Where the console finds its services: the embedded reference backend, or the studio's own hosts.
 * Reachable before sign-in, since an operator must point the console at their services first.
 */
export function SettingsDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      isOpen={isOpen}
      onClose={() => !busy && onClose()}
      title={t('settings.title')}
      icon="cog"
      className="settings-dialog"
    >
      {/* Mounted only while open, so every opening starts from what main has now. */}
      {isOpen && <SettingsForm onClose={onClose} busy={busy} setBusy={setBusy} />}
    </Dialog>
  );
}

type Loaded = { settings: Settings; info: AppInfo | null };

/** What main has now (its settings, and the backend's state if it answers), read once per opening. */
function useLoadedSettings() {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [loadError, setLoadError] = useState<ResultError | null>(null);
  const [values, setValues] = useState<SettingsFormValues | null>(null);

  const load = useCallback(async () => {
    setLoadError(null);
    try {
      const [settings, info] = await Promise.all([
        bridge().settings.get(),
        // The backend's state is a nicety; the form works without it.
        bridge()
          .app.info()
          .catch(() => null),
      ]);
      setLoaded({ settings, info });
      setValues(formFromSettings(settings));
    } catch (err) {
      setLoadError(asResultError(err, Codes.NETWORK));
    }
  }, []);

  // Once per opening: the dialog mounts its form each time it opens.
  useEffect(() => {
    void load();
  }, [load]);
  return { loaded, loadError, load, values, setValues };
}

/** Why saving failed, what to fix, and what saving would do that the operator should know first. */
function SettingsNotices({
  saveError,
  invalid,
  willSignOut,
  embeddedUrl,
}: {
  saveError: ResultError | null;
  invalid: boolean;
  willSignOut: boolean;
  /** Set when the addresses typed lead to the embedded backend itself. */
  embeddedUrl: string | null;
}) {
  const { t } = useTranslation();
  return (
    <>
      {saveError && (
        <ErrorCallout title={t('settings.saveFailed')} error={saveError} testId="settings-error" />
      )}
      {invalid && (
        <Callout intent={Intent.DANGER} icon="error" data-testid="settings-invalid" compact>
          {t('settings.fixFields')}
        </Callout>
      )}
      {willSignOut && (
        <Callout
          intent={Intent.WARNING}
          icon="log-out"
          title={t('settings.signOutTitle')}
          data-testid="settings-signout-warning"
        >
          {t('settings.signOutWarning')}
        </Callout>
      )}
      {embeddedUrl !== null && (
        <Callout intent={Intent.WARNING} icon="warning-sign" data-testid="settings-points-at-embedded">
          {t('settings.pointsAtEmbedded', { url: embeddedUrl })}
        </Callout>
      )}
    </>
  );
}

function SettingsForm({
  onClose,
  busy,
  setBusy,
}: {
  onClose: () => void;
  busy: boolean;
  setBusy: (busy: boolean) => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const toasts = useToasts();
  const { state, reloadAppInfo } = useSession();
  const { loaded, loadError, load, values, setValues } = useLoadedSettings();
  const [errors, setErrors] = useState<UrlErrors>({});
  const [saveError, setSaveError] = useState<ResultError | null>(null);

  const setBackend = (backend: BackendMode) => {
    setValues((v) => (v ? { ...v, backend } : v));
    setSaveError(null);
  };
  const setUrl = (service: ServiceName, url: string) => {
    setValues((v) => (v ? { ...v, services: { ...v.services, [service]: url } } : v));
    setErrors(({ [service]: _fixed, ...rest }) => rest);
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    // React bubbles events through portals: an enclosing form (sign-in) must not submit too.
    e.stopPropagation();
    if (!loaded || !values || busy) return;
    const checked = validateSettingsForm(values, loaded.settings);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setSaveError(null);
    if (checked.patch === null) {
      onClose();
      return;
    }
    setBusy(true);
    try {
      const result = await bridge().settings.set(checked.patch);
      if (result.ok) {
        const signedOut = checked.switchesBackend && state?.signedIn === true;
        toasts.success(t(signedOut ? 'settings.savedSignedOut' : 'settings.saved'));
        // Another backend may be in its first run, or on demo data: the screens follow it.
        void reloadAppInfo();
        onClose();
        return;
      }
      setErrors(urlErrorsFromIssues(result.error.details ?? []));
      setSaveError(result.error);
    } catch (err) {
      setSaveError(asResultError(err, Codes.NETWORK));
    } finally {
      setBusy(false);
    }
  };

  const problemText = (problem: UrlProblem): string =>
    problem.kind === 'refused'
      ? t('settings.refused', {
          summary: codeText(saveError?.code ?? Codes.VALIDATION, lang),
          message: problem.message,
        })
      : t(urlProblemKey(problem.kind));

  const embeddedUrl = loaded?.info?.backend.running ? loaded.info.backend.url : null;
  const onEmbedded = values !== null && pointsAtEmbedded(values, embeddedUrl);
  const willSignOut = Boolean(
    loaded && values && state?.signedIn && switchesBackend(loaded.settings, values),
  );

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate data-testid="settings-dialog">
      <DialogBody>
        {loadError ? (
          <ErrorCallout
            title={t('settings.loadFailed')}
            error={loadError}
            onRetry={() => void load()}
            testId="settings-load-error"
          />
        ) : !loaded || !values ? (
          <Spinner />
        ) : (
          <>
            <p className={Classes.TEXT_MUTED}>{t('settings.intro')}</p>
            <RadioGroup
              label={t('settings.backend')}
              selectedValue={values.backend}
              onChange={(e) => setBackend(e.currentTarget.value === 'custom' ? 'custom' : 'embedded')}
              disabled={busy}
              className="settings-backend"
            >
              <Radio
                value="embedded"
                label={t('settings.embedded')}
                data-testid="settings-backend-embedded"
              />
              <Radio value="custom" label={t('settings.custom')} data-testid="settings-backend-custom" />
            </RadioGroup>
            <SettingsNotices
              saveError={saveError}
              invalid={Object.keys(errors).length > 0}
              willSignOut={willSignOut}
              embeddedUrl={onEmbedded ? embeddedUrl : null}
            />
            {values.backend === 'embedded' ? (
              <EmbeddedState info={loaded.info} />
            ) : (
              <ServiceFields
                values={values}
                errors={errors}
                disabled={busy}
                onChange={setUrl}
                problemText={problemText}
              />
            )}
            <TokenStorage />
            <Preferences />
          </>
        )}
      </DialogBody>
      <DialogActions
        onCancel={onClose}
        pending={busy}
        icon="floppy-disk"
        disabled={!loaded}
        confirmText={t('common.save')}
        testId="settings-save"
        cancelTestId="settings-cancel"
      />
    </form>
  );
}

function EmbeddedState({ info }: { info: AppInfo | null }) {
  const { t } = useTranslation();
  const backend = info?.backend;
  // app.info describes the backend in use; in custom mode the embedded one is stopped.
  const running = backend?.mode === 'embedded' && backend.running && backend.url;
  return (
    <div className="settings-embedded" data-testid="settings-embedded-state">
      <p className={Classes.TEXT_MUTED}>{t('settings.embeddedHelp')}</p>
      {running ? (
        <Callout intent={Intent.SUCCESS} icon="tick-circle" compact title={t('settings.state.label')}>
          {t('settings.state.running', { url: backend.url })}
        </Callout>
      ) : backend?.error ? (
        <Callout intent={Intent.DANGER} icon="error" compact title={t('settings.state.label')}>
          {t('settings.state.failed', { error: backend.error })}
        </Callout>
      ) : backend?.mode === 'embedded' ? (
        <Callout intent={Intent.PRIMARY} icon="time" compact title={t('settings.state.label')}>
          {t('settings.state.starting')}
        </Callout>
      ) : (
        <Callout intent={Intent.NONE} icon="pause" compact title={t('settings.state.label')}>
          {t('settings.state.stopped')}
        </Callout>
      )}
    </div>
  );
}

const STORAGE_INTENT = {
  keychain: Intent.SUCCESS,
  safeStorage: Intent.PRIMARY,
  memory: Intent.WARNING,
} as const;

/** Where main keeps the operator's sign-in tokens, and why when it is not the OS keychain. */
function TokenStorage() {
  const { t } = useTranslation();
  const { state } = useSession();
  if (!state) return null;
  const { tokenStorage, tokenStorageReason } = state;
  return (
    <section className="settings-token-storage">
      <H5>{t('settings.tokens.title')}</H5>
      <Callout
        intent={STORAGE_INTENT[tokenStorage]}
        icon="key"
        compact
        data-testid="settings-token-storage"
        data-storage={tokenStorage}
      >
        {t(`settings.tokens.${tokenStorage}`)}
        {tokenStorage !== 'keychain' && tokenStorageReason && (
          <div className="error-detail" data-testid="settings-token-storage-reason">
            {tokenStorageReason}
          </div>
        )}
      </Callout>
    </section>
  );
}

function ServiceFields({
  values,
  errors,
  disabled,
  onChange,
  problemText,
}: {
  values: SettingsFormValues;
  errors: UrlErrors;
  disabled: boolean;
  onChange: (service: ServiceName, url: string) => void;
  problemText: (problem: UrlProblem) => string;
}) {
  const { t } = useTranslation();
  return (
    <div className="settings-services" data-testid="settings-services">
      <p className={Classes.TEXT_MUTED}>{t('settings.customHelp')}</p>
      <p className={Classes.TEXT_MUTED} data-testid="settings-urls-sign-out">
        {t('settings.urlRule')} {t('settings.changeSignsOut')}
      </p>
      {SERVICES.map((s) => {
        const problem = errors[s];
        const path = SERVICE_BASE_PATHS[s];
        const hint = !problem && lacksBasePath(s, values.services[s]);
        const intent = problem ? Intent.DANGER : hint ? Intent.WARNING : Intent.NONE;
        return (
          <FormGroup
            key={s}
            label={t(`settings.service.${s}`)}
            labelFor={`settings-url-${s}`}
            labelInfo={t('common.required')}
            intent={intent}
            helperText={
              <span data-testid={`settings-url-${s}-help`}>
                {problem
                  ? problemText(problem)
                  : hint
                    ? t('settings.urlNoBasePath', { path })
                    : t('settings.urlHelp', { path })}
              </span>
            }
          >
            <InputGroup
              id={`settings-url-${s}`}
              type="url"
              inputMode="url"
              spellCheck={false}
              autoComplete="off"
              value={values.services[s]}
              onValueChange={(url) => onChange(s, url)}
              intent={intent}
              disabled={disabled}
              placeholder={`https://ops.example.com${path}`}
              maxLength={2000}
              data-testid={`settings-url-${s}`}
            />
          </FormGroup>
        );
      })}
    </div>
  );
}
