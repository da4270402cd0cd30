import { Button, DialogFooter, Intent, type IconName } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/**
 * The footer of every dialog that does one thing: Cancel, then the button that does it. While the
 * action runs the button spins and Cancel waits, so a dialog never closes under a call in flight.
 */
export function DialogActions({
  onCancel,
  confirmText,
  onConfirm,
  pending,
  intent = Intent.PRIMARY,
  icon,
  disabled,
  testId,
  cancelTestId,
}: {
  onCancel: () => void;
  confirmText: string;
  /** Without it the button submits the dialog's form. */
  onConfirm?: () => void;
  pending: boolean;
  intent?: Intent;
  icon?: IconName;
  disabled?: boolean;
  /** The action button's data-testid. */
  testId: string;
  cancelTestId?: string;
}) {
  const { t } = useTranslation();
  return (
    <DialogFooter
      actions={
        <>
          <Button
            onClick={onCancel}
            text={t('common.cancel')}
            disabled={pending}
            variant="minimal"
            data-testid={cancelTestId}
          />
          <Button
            type={onConfirm ? 'button' : 'submit'}
            intent={intent}
            icon={icon}
            loading={pending}
            disabled={disabled}
            onClick={onConfirm}
            text={confirmText}
            data-testid={testId}
          />
        </>
      }
    />
  );
}
