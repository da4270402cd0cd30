import { Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { Operator } from '../../shared/api/users.js';
import { ReasonConfirmDialog } from '../components/ReasonConfirmDialog.js';
import { useEndpointMutation } from '../kit/data.js';

/** Deleting an operator names them, takes a reason for the audit log, and ends their sessions. */
export function DeleteUserDialog({
  operator,
  isOpen,
  onClose,
  onDeleted,
}: {
  operator: Operator;
  isOpen: boolean;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  // The deleted operator's own page would only fetch "not found": drop it rather than refetch.
  const del = useEndpointMutation('users.delete', { forgets: ['users.get', 'users.logs'] });
  const names = { name: operator.name, phone: operator.phone };
  return (
    <ReasonConfirmDialog
      isOpen={isOpen}
      onClose={onClose}
      onDone={onDeleted}
      title={t('users.delete.title', names)}
      warning={t('users.delete.warning', names)}
      confirmText={t('users.delete.confirm', { name: operator.name })}
      failedTitle={t('users.delete.failed')}
      icon="trash"
      intent={Intent.DANGER}
      onConfirm={(reason) => del.mutateAsync({ phone: operator.phone, reason })}
      testId="delete-user-dialog"
    />
  );
}
