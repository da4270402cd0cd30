import { Link, useNavigate, useParams } from 'react-router-dom';
import { Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { Operator } from '../../shared/api/users.js';
import { fillPath, routeById } from '../../shared/routes.js';
import { QueryErrorCallout } from '../components/QueryState.js';
import { useToasts } from '../components/Toaster.js';
import { useEndpointMutation, useEndpointQuery } from '../kit/data.js';
import { FormFrame } from '../kit/FormFrame.js';
import { useBoundForm } from '../kit/form/useBoundForm.js';
import { UserFields } from './UserFields.js';
import { userChangeForm } from './userForm.js';

function EditForm({ operator }: { operator: Operator }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toasts = useToasts();
  const update = useEndpointMutation('users.update');
  const form = useBoundForm(userChangeForm(operator));
  const detailPath = fillPath(routeById('admin.user').path, { phone: operator.phone });

  const onSubmit = form.submit(async (input) => {
    const op = await update.mutateAsync(input);
    toasts.success(t('users.edit.done', { name: op.name }));
    void navigate(detailPath);
  });

  return (
    <FormFrame
      name="user"
      testId="user-edit-form"
      intro={t('users.edit.intro', { name: operator.name, phone: operator.phone })}
      state={form}
      failedTitle={t('users.edit.failed')}
      submit={{ icon: 'floppy-disk', text: t('common.save') }}
      cancelTo={detailPath}
      onSubmit={onSubmit}
    >
      <UserFields mode="edit" form={form} />
    </FormFrame>
  );
}

export function UserEditPage() {
  const { t } = useTranslation();
  const { phone = '' } = useParams();
  const user = useEndpointQuery('users.get', { phone });
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
