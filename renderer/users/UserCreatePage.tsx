import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { fillPath, routeById } from '../../shared/routes.js';
import { useToasts } from '../components/Toaster.js';
import { useEndpointMutation } from '../kit/data.js';
import { FormFrame } from '../kit/FormFrame.js';
import { useBoundForm } from '../kit/form/useBoundForm.js';
import { UserFields } from './UserFields.js';
import { newUserForm } from './userForm.js';

export function UserCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toasts = useToasts();
  const create = useEndpointMutation('users.create');
  const form = useBoundForm(newUserForm());

  const onSubmit = form.submit(async (input) => {
    const op = await create.mutateAsync(input);
    // The phone is the account's key: the operator needs it to sign in, so it is offered for copying.
    toasts.success(t('users.create.done', { name: op.name }), { copy: op.phone });
    void navigate(fillPath(routeById('admin.user').path, { phone: op.phone }));
  });

  return (
    <FormFrame
      name="user"
      testId="user-create-form"
      intro={t('users.create.intro')}
      state={form}
      failedTitle={t('users.create.failed')}
      submit={{ icon: 'new-person', text: t('users.create.submit') }}
      cancelTo={routeById('admin.users').path}
      onSubmit={onSubmit}
    >
      <UserFields mode="create" form={form} />
    </FormFrame>
  );
}
