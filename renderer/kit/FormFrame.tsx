import type { FormEvent, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button, Callout, Classes, Intent, type IconName } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Codes } from '../../shared/codes.js';
import { asResultError } from '../bridge/result.js';
import { ErrorCallout } from '../components/ErrorCallout.js';
import './kit.css';

/**
 * Every form page's frame: the intro, a note (nothing changed), "fix the fields" while any is
 * wrong, the failed call, the fields, then submit and cancel. Test ids start with `name`:
 * `<name>-submit`, `<name>-form-invalid`, `<name>-form-note`.
 */
export function FormFrame({
  name,
  testId,
  intro,
  state,
  failedTitle,
  submit,
  cancelTo,
  onSubmit,
  children,
}: {
  name: string;
  testId: string;
  intro: ReactNode;
  /** The form's useForm (or useConfirmedForm) state. */
  state: { errors: object; note: string | null; error: unknown; pending: boolean };
  failedTitle: string;
  submit: { icon: IconName; text: string; intent?: Intent };
  cancelTo: string;
  onSubmit: (e: FormEvent) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <form className="kit-form" onSubmit={onSubmit} noValidate data-testid={testId}>
      <p className={Classes.TEXT_MUTED}>{intro}</p>
      {state.note && (
        <Callout intent={Intent.PRIMARY} icon="info-sign" data-testid={`${name}-form-note`}>
          {t(state.note)}
        </Callout>
      )}
      {Object.keys(state.errors).length > 0 && (
        <Callout intent={Intent.DANGER} icon="error" data-testid={`${name}-form-invalid`}>
          {t('kit.form.fixFields')}
        </Callout>
      )}
      {state.error ? (
        <ErrorCallout title={failedTitle} error={asResultError(state.error, Codes.NETWORK)} />
      ) : null}
      {children}
      <div className="actions">
        <Button
          type="submit"
          intent={submit.intent ?? Intent.PRIMARY}
          icon={submit.icon}
          loading={state.pending}
          text={submit.text}
          data-testid={`${name}-submit`}
        />
        <Link to={cancelTo} className={Classes.BUTTON}>
          {t('common.cancel')}
        </Link>
      </div>
    </form>
  );
}
