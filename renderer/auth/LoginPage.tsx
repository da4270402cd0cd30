import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useUrlSearch } from '../kit/useUrlSearch.js';
import { Button, Callout, Intent, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Codes } from '../../shared/codes.js';
import { bridge } from '../bridge/bridge.js';
import { asResultError, unwrap } from '../bridge/result.js';
import { Field } from '../kit/form/Field.js';
import type { BoundState } from '../kit/form/boundForm.js';
import { useDeferredBoundForm } from '../kit/form/useDeferredBoundForm.js';
import { onIdle } from '../kit/idle.js';
import { signInForm } from './authForms.js';
import { ErrorCallout } from '../components/ErrorCallout.js';
import { SettingsDialog } from '../settings/LazySettingsDialog.js';
import { useSession } from '../session/SessionContext.js';
import { EXPIRED_PARAM, NEXT_PARAM, safeNext } from '../routing/guard.js';
import type { FirstRunDone } from './FirstRunCard.js';
import { preloadChrome } from '../layout/LazyChrome.js';
import { useShell } from '../shell/context.js';

/**
 * The sign-in page. On the embedded backend's first run it shows the first-run card instead
 * (create the first super-admin, or load the demo data), then the form.
 */
/** Shown once per install (the embedded backend's first run): loaded only then. */
const FirstRunCard = lazy(async () => ({ default: (await import('./FirstRunCard.js')).FirstRunCard }));

export function LoginPage() {
  const { appInfo, appInfoPending } = useSession();
  const [firstRun, setFirstRun] = useState<FirstRunDone | null>(null);
  // Until main has said whether the backend needs its first run, neither card is the right one.
  if (appInfoPending) {
    return (
      <div className="login-pending" data-testid="login-pending">
        <Spinner size={24} />
      </div>
    );
  }
  if (appInfo?.backend.setup === 'needed')
    return (
      <Suspense fallback={<Spinner size={24} />}>
        <FirstRunCard onDone={setFirstRun} />
      </Suspense>
    );
  return <SignInForm firstRun={firstRun} />;
}

/** The signed-in frame's code loads once the sign-in form is up (idle time), not before it. */
function usePreloadFrame() {
  const shell = useShell();
  useEffect(() => onIdle(() => void preloadChrome(shell).catch(() => undefined)), [shell]);
}

/**
 * What the operator should know before signing in: their session ended, the first run is done,
 * tokens will be kept in memory only, a page waits for them after sign-in.
 */
function SignInNotices({ firstRun, next }: { firstRun: FirstRunDone | null; next: string | null }) {
  const { t } = useTranslation();
  const [search] = useUrlSearch();
  const { state, lastEnd } = useSession();
  const expired = search.get(EXPIRED_PARAM) === '1' || lastEnd !== null;
  return (
    <>
      {expired && (
        <Callout
          intent={Intent.WARNING}
          icon="time"
          title={t('auth.login.expiredTitle')}
          data-testid="login-expired"
        >
          {t('auth.login.expiredBody')}
          {lastEnd?.message && (
            <div className="error-detail">{t('errors.serverSaid', { message: lastEnd.message })}</div>
          )}
        </Callout>
      )}
      {firstRun && (
        <Callout intent={Intent.SUCCESS} icon="tick-circle" data-testid="first-run-done">
          {t(firstRun.mode === 'super' ? 'firstRun.super.done' : 'firstRun.demo.done')}
        </Callout>
      )}
      {state?.tokenStorage === 'memory' && (
        <Callout intent={Intent.WARNING} icon="key" data-testid="login-memory-tokens">
          {state.tokenStorageReason ?? t('notice.tokenStorage.memory')}
        </Callout>
      )}
      {next && safeNext(next) === next && (
        <p className="login-next" data-testid="login-next">
          {t('auth.login.nextNote')}
        </p>
      )}
    </>
  );
}

type SignInState = BoundState<{ account: string; password: string }, 'account' | 'password'>;

/** The password, hidden unless the operator asks to see it. */
function PasswordField({ form }: { form: SignInState }) {
  const { t } = useTranslation();
  const [show, setShow] = useState(false);
  const toggle = show ? t('auth.login.hidePassword') : t('auth.login.showPassword');
  return (
    <Field
      of={form}
      name="password"
      need={null}
      type={show ? 'text' : 'password'}
      autoComplete="current-password"
      size="large"
      leftIcon="lock"
      maxLength={256}
      rightElement={
        <Button
          variant="minimal"
          icon={show ? 'eye-off' : 'eye-open'}
          onClick={() => setShow((v) => !v)}
          aria-label={toggle}
          title={toggle}
        />
      }
    />
  );
}

function SignInForm({ firstRun }: { firstRun: FirstRunDone | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useUrlSearch();
  const { apply } = useSession();
  const form = useDeferredBoundForm(signInForm(firstRun?.account));
  const [settingsOpen, setSettingsOpen] = useState(false);
  usePreloadFrame();

  const next = search.get(NEXT_PARAM);

  // Main makes the call and keeps the tokens: the page sends through the bridge.
  const onSubmit = form.submit(async (input) => {
    apply(unwrap(await bridge().session.login(input)));
    void navigate(safeNext(next), { replace: true });
  });

  return (
    <>
      <form className="login-form" onSubmit={onSubmit} noValidate data-testid="login-form">
        <SignInNotices firstRun={firstRun} next={next} />
        {form.error ? (
          <ErrorCallout
            title={t('auth.login.failed')}
            error={asResultError(form.error, Codes.NETWORK)}
            testId="login-error"
          />
        ) : null}
        <Field
          of={form}
          name="account"
          need={null}
          autoComplete="username"
          autoFocus
          size="large"
          leftIcon="user"
          maxLength={64}
        />
        <PasswordField form={form} />
        <Button
          type="submit"
          intent={Intent.PRIMARY}
          size="large"
          fill
          loading={form.pending}
          text={t('auth.login.submit')}
          data-testid="login-submit"
        />
        <p className="auth-footer">
          <Link to="/auth/register" data-testid="login-register-link">
            {t('auth.login.noAccount')}
          </Link>
        </p>
        <p className="auth-footer login-settings">
          <Button
            variant="minimal"
            size="small"
            icon="cog"
            onClick={() => setSettingsOpen(true)}
            text={t('settings.open')}
            data-testid="login-settings"
          />
        </p>
      </form>
      {/* Outside the form: the dialog's own submit must not bubble into sign-in. */}
      <SettingsDialog isOpen={settingsOpen} onClose={() => setSettingsOpen(false)} />
    </>
  );
}
