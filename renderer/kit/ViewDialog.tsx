import type { ReactNode } from 'react';
import { Dialog, DialogBody, DialogFooter, type IconName } from '@blueprintjs/core';

/**
 * A dialog that shows something (facts, a secret, release notes) with its buttons in the footer.
 * Dialogs that ask for a reason and act are `ReasonConfirmDialog` and `DialogActions`; this one
 * is for looking. The body's content sits in one block that carries the dialog's test id.
 */
export function ViewDialog({
  isOpen = true,
  onClose,
  title,
  icon,
  testId,
  className,
  portalClassName,
  actions,
  children,
}: {
  isOpen?: boolean;
  onClose: () => void;
  title: ReactNode;
  icon: IconName;
  testId: string;
  className?: string;
  /** Where the portal sits: a dialog that must stay above others names its own layer. */
  portalClassName?: string;
  actions: ReactNode;
  children: ReactNode;
}) {
  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title={title}
      icon={icon}
      className={className}
      portalClassName={portalClassName}
    >
      <DialogBody>
        <div data-testid={testId}>{children}</div>
      </DialogBody>
      <DialogFooter actions={actions} />
    </Dialog>
  );
}
