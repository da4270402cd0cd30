import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Callout, Intent, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { Operator } from '../../shared/api/users.js';
import { fillPath, routeById } from '../../shared/routes.js';
import { CallError } from '../bridge/result.js';
import { QueryErrorCallout } from '../components/QueryState.js';
import { useToasts } from '../components/Toaster.js';
import { UserForm } from './UserForm.js';
import {
  fieldErrorsFromIssues,
  formFromOperator,
  validateUpdate,
  type FieldErrors,
  type UserFormValues,
} from './userForm.js';
import { useUpdateUser, useUser } from './usersApi.js';

function EditForm({ operator }: { operator: Operator }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toasts = useToasts();
  const update = useUpdateUser();
  const [values, setValues] = useState<UserFormValues>(() => formFromOperator(operator));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [nothingChanged, setNothingChanged] = useState(false);
  const detailPath = fillPath(routeById('admin.user').path, { phone: operator.phone });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const checked = validateUpdate(values, operator);
    setNothingChanged(!checked.ok && Boolean(checked.nothingChanged));
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    update.mutate(checked.input, {
      onSuccess: (op) => {
        toasts.success(t('users.edit.done', { name: op.name }));
        void navigate(detailPath);
      },
      onError: (err) => {
        if (err instanceof CallError) setErrors(fieldErrorsFromIssues(err.details));
      },
    });
  };

  return (
    <UserForm
      mode="edit"
      testId="user-edit-form"
      intro={t('users.edit.intro', { name: operator.name, phone: operator.phone })}
      notice={
        nothingChanged && (
          <Callout intent={Intent.PRIMARY} icon="info-sign" data-testid="user-nothing-changed">
            {t('users.edit.nothingChanged')}
          </Callout>
        )
      }
      values={values}
      errors={errors}
      onChange={(p) => setValues((v) => ({ ...v, ...p }))}
      onSubmit={onSubmit}
      failedTitle={t('users.edit.failed')}
      error={update.error}
      pending={update.isPending}
      submit={{ icon: 'floppy-disk', text: t('common.save') }}
      cancelTo={detailPath}
    />
  );
}

export function UserEditPage() {
  const { t } = useTranslation();
  const { phone = '' } = useParams();
  const user = useUser(phone);
  if (user.isPending) return <Spinner />;
  if (user.error) {
    return (
      <>
        <QueryErrorCallout title={t('users.detail.loadFailed', { phone })} query={user} />
        <Link to={routeById('admin.users').path}>{t('users.backToList')}</Link>
      </>
    );
  }
  // Keyed by the loaded record so a refetch after saving starts the form from the new values.
  return <EditForm key={user.data.updatedAt} operator={user.data} />;
}
