import { useState } from 'react';
import {
  Button,
  Callout,
  Classes,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  Intent,
  TextArea,
} from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Codes } from '../../shared/codes.js';
import type { Operator } from '../../shared/api/users.js';
import { asResultError } from '../bridge/result.js';
import { ErrorCallout } from '../components/ErrorCallout.js';
import { isReasonValid } from './userForm.js';
import { useDeleteUser } from './usersApi.js';

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
  const del = useDeleteUser();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const valid = isReasonValid(reason);

  const close = () => {
    if (del.isPending) return;
    del.reset();
    setReason('');
    setTouched(false);
    onClose();
  };

  const confirm = () => {
    setTouched(true);
    if (!valid) return;
    del.mutate({ phone: operator.phone, reason: reason.trim() }, { onSuccess: onDeleted });
  };

  return (
    <Dialog
      isOpen={isOpen}
      onClose={close}
      title={t('users.delete.title', { name: operator.name, phone: operator.phone })}
      icon="trash"
      data-testid="delete-user-dialog"
    >
      <DialogBody>
        <Callout intent={Intent.DANGER} icon="warning-sign">
          {t('users.delete.warning', { name: operator.name, phone: operator.phone })}
        </Callout>
        <FormGroup
          label={t('users.field.reason')}
          labelFor="delete-reason"
          labelInfo={t('common.required')}
          helperText={touched && !valid ? t('users.invalid.reason') : t('users.delete.reasonHelp')}
          intent={touched && !valid ? Intent.DANGER : Intent.NONE}
          className="dialog-reason"
        >
          <TextArea
            id="delete-reason"
            fill
            autoFocus
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            onBlur={() => setTouched(true)}
            intent={touched && !valid ? Intent.DANGER : Intent.NONE}
            maxLength={500}
            data-testid="delete-reason"
          />
        </FormGroup>
        {del.error && (
          <ErrorCallout title={t('users.delete.failed')} error={asResultError(del.error, Codes.NETWORK)} />
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button
              onClick={close}
              text={t('common.cancel')}
              disabled={del.isPending}
              className={Classes.MINIMAL}
            />
            <Button
              intent={Intent.DANGER}
              icon="trash"
              onClick={confirm}
              loading={del.isPending}
              text={t('users.delete.confirm', { name: operator.name })}
              data-testid="delete-confirm"
            />
          </>
        }
      />
    </Dialog>
  );
}
