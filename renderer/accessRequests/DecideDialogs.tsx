import { useEffect, useState } from 'react';
import { Callout, Dialog, DialogBody, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '../kit/DialogActions.js';
import type { AccessRequest } from '../../shared/api/accessRequests.js';
import { Codes } from '../../shared/codes.js';
import { GAMES } from '../../shared/games.js';
import { asResultError } from '../bridge/result.js';
import { ErrorCallout } from '../components/ErrorCallout.js';
import { ReasonConfirmDialog } from '../components/ReasonConfirmDialog.js';
import { useToasts } from '../components/Toaster.js';
import { useEndpointMutation } from '../kit/data.js';
import { useBoundForm } from '../kit/form/useBoundForm.js';
import { RolesField } from '../users/RolesSelect.js';
import { approveForm, suggestedRoles } from './requestForm.js';

/**
 * Approving a request: the super-admin picks the roles (starting from the roles of the games the
 * newcomer asked for, which only let them see those games), and the operator is created with the
 * name, phone and password of the request.
 */
export function ApproveDialog({ request, onClose }: { request: AccessRequest | null; onClose: () => void }) {
  const { t } = useTranslation();
  const approve = useEndpointMutation('accessRequests.approve', { invalidates: ['users'] });
  if (!request) return null;
  const names = { name: request.name, phone: request.phone };
  const close = () => {
    if (!approve.isPending) onClose();
  };
  return (
    <Dialog isOpen onClose={close} title={t('accessRequests.approve.title', names)} icon="confirm">
      {/* A new request opens with its games' roles picked and nothing said yet. */}
      <ApproveForm key={request.id} request={request} approve={approve} onClose={onClose} close={close} />
    </Dialog>
  );
}

function ApproveForm({
  request,
  approve,
  onClose,
  close,
}: {
  request: AccessRequest;
  approve: ReturnType<typeof useEndpointMutation<'accessRequests.approve'>>;
  onClose: () => void;
  close: () => void;
}) {
  const { t } = useTranslation();
  const toasts = useToasts();
  const form = useBoundForm(
    approveForm(
      request.id,
      suggestedRoles(request.games, (g) => GAMES[g].role),
    ),
  );
  const names = { name: request.name, phone: request.phone };
  const confirm = async () => {
    const input = form.validate();
    if (input === null) return;
    try {
      await form.send(() => approve.mutateAsync(input));
      toasts.success(t('accessRequests.approve.done', names));
      onClose();
    } catch {
      // The dialog shows the failure.
    }
  };
  return (
    <>
      <DialogBody data-testid="approve-request-dialog">
        <Callout intent={Intent.PRIMARY} icon="info-sign">
          {t('accessRequests.approve.body', names)}
        </Callout>
        <RolesField of={form} className="access-request-roles" />
        {form.error ? (
          <ErrorCallout
            title={t('accessRequests.approve.failed')}
            error={asResultError(form.error, Codes.NETWORK)}
            testId="approve-request-failed"
          />
        ) : null}
      </DialogBody>
      <DialogActions
        onCancel={close}
        pending={form.pending}
        intent={Intent.SUCCESS}
        icon="tick"
        onConfirm={() => void confirm()}
        confirmText={t('accessRequests.approve.confirm', names)}
        testId="approve-request-confirm"
      />
    </>
  );
}

/** Declining a request takes a reason, which the request keeps and the audit log records. */
export function DeclineDialog({ request, onClose }: { request: AccessRequest | null; onClose: () => void }) {
  const { t } = useTranslation();
  const toasts = useToasts();
  const decline = useEndpointMutation('accessRequests.decline');
  const [shown, setShown] = useState<AccessRequest | null>(request);
  // Keep naming the request while the dialog closes.
  useEffect(() => {
    if (request) setShown(request);
  }, [request]);
  if (!shown) return null;
  const names = { name: shown.name, phone: shown.phone };
  return (
    <ReasonConfirmDialog
      isOpen={request !== null}
      onClose={onClose}
      title={t('accessRequests.decline.title', names)}
      warning={t('accessRequests.decline.warning', names)}
      confirmText={t('accessRequests.decline.confirm')}
      failedTitle={t('accessRequests.decline.failed')}
      icon="disable"
      intent={Intent.DANGER}
      onConfirm={async (reason) => {
        await decline.mutateAsync({ id: shown.id, reason });
        toasts.success(t('accessRequests.decline.done', names));
      }}
      testId="decline-request-dialog"
    />
  );
}
