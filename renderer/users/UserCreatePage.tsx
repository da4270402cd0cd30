import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { fillPath, routeById } from '../../shared/routes.js';
import { CallError } from '../bridge/result.js';
import { useToasts } from '../components/Toaster.js';
import { UserForm } from './UserForm.js';
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

  return (
    <UserForm
      mode="create"
      testId="user-create-form"
      intro={t('users.create.intro')}
      values={values}
      errors={errors}
      onChange={(p) => setValues((v) => ({ ...v, ...p }))}
      onSubmit={onSubmit}
      failedTitle={t('users.create.failed')}
      error={create.error}
      pending={create.isPending}
      submit={{ icon: 'new-person', text: t('users.create.submit') }}
      cancelTo={routeById('admin.users').path}
    />
  );
}
