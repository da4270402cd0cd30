import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button, Callout, Classes, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Codes } from '../../shared/codes.js';
import { fillPath, routeById } from '../../shared/routes.js';
import { asResultError, CallError } from '../bridge/result.js';
import { ErrorCallout } from '../components/ErrorCallout.js';
import { useToasts } from '../components/Toaster.js';
import { UserFields } from './UserFields.js';
import {
  emptyForm,
  fieldErrorsFromIssues,
  validateCreate,
  type FieldErrors,
  type UserFormValues,
} from './userForm.js';
import { useCreateUser } from './usersApi.js';

export function UserCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toasts = useToasts();
  const create = useCreateUser();
  const [values, setValues] = useState<UserFormValues>(emptyForm);
  const [errors, setErrors] = useState<FieldErrors>({});

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const checked = validateCreate(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    create.mutate(checked.input, {
      onSuccess: (op) => {
        toasts.success(t('users.create.done', { name: op.name }));
        void navigate(fillPath(routeById('admin.user').path, { phone: op.phone }));
      },
      onError: (err) => {
        if (err instanceof CallError) setErrors(fieldErrorsFromIssues(err.details));
      },
    });
  };

  const hasErrors = Object.keys(errors).length > 0;
  return (
    <form className="user-form" onSubmit={onSubmit} noValidate data-testid="user-create-form">
      <p className={Classes.TEXT_MUTED}>{t('users.create.intro')}</p>
      {hasErrors && (
        <Callout intent={Intent.DANGER} icon="error" data-testid="user-form-invalid">
          {t('users.form.fixFields')}
        </Callout>
      )}
      {create.error && (
        <ErrorCallout title={t('users.create.failed')} error={asResultError(create.error, Codes.NETWORK)} />
      )}
      <UserFields
        mode="create"
        values={values}
        errors={errors}
        onChange={(p) => setValues((v) => ({ ...v, ...p }))}
      />
      <div className="actions">
        <Button
          type="submit"
          intent={Intent.PRIMARY}
          icon="new-person"
          loading={create.isPending}
          text={t('users.create.submit')}
          data-testid="user-submit"
        />
        <Link to={routeById('admin.users').path} className={Classes.BUTTON}>
          {t('common.cancel')}
        </Link>
      </div>
    </form>
  );
}
