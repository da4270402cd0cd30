import type { FormEvent, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button, Callout, Classes, Intent, type IconName } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Codes } from '../../shared/codes.js';
import { asResultError } from '../bridge/result.js';
import { ErrorCallout } from '../components/ErrorCallout.js';
import { UserFields } from './UserFields.js';
import type { FieldErrors, UserFormValues } from './userForm.js';

/**
 * The operator form's frame, shared by create and edit: intro, field errors, the failed call, the
 * fields, submit and cancel. The pages own what differs: validation, the call and where to go.
 */
export function UserForm(props: {
  mode: 'create' | 'edit';
  testId: string;
  intro: ReactNode;
  /** An extra notice above the errors (edit: "nothing changed"). */
  notice?: ReactNode;
  values: UserFormValues;
  errors: FieldErrors;
  onChange: (patch: Partial<UserFormValues>) => void;
  onSubmit: (e: FormEvent) => void;
  failedTitle: string;
  error: unknown;
  pending: boolean;
  submit: { icon: IconName; text: string };
  cancelTo: string;
}) {
  const { t } = useTranslation();
  return (
    <form className="user-form" onSubmit={props.onSubmit} noValidate data-testid={props.testId}>
      <p className={Classes.TEXT_MUTED}>{props.intro}</p>
      {props.notice}
      {Object.keys(props.errors).length > 0 && (
        <Callout intent={Intent.DANGER} icon="error" data-testid="user-form-invalid">
          {t('users.form.fixFields')}
        </Callout>
      )}
      {props.error ? (
        <ErrorCallout title={props.failedTitle} error={asResultError(props.error, Codes.NETWORK)} />
      ) : null}
      <UserFields mode={props.mode} values={props.values} errors={props.errors} onChange={props.onChange} />
      <div className="actions">
        <Button
          type="submit"
          intent={Intent.PRIMARY}
          icon={props.submit.icon}
          loading={props.pending}
          text={props.submit.text}
          data-testid="user-submit"
        />
        <Link to={props.cancelTo} className={Classes.BUTTON}>
          {t('common.cancel')}
        </Link>
      </div>
    </form>
  );
}
