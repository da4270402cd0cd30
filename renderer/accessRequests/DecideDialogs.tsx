import { useEffect, useState } from 'react';
import { Callout, Dialog, DialogBody, FormGroup, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '../kit/DialogActions.js';
import type { AccessRequest } from '../../shared/api/accessRequests.js';
import { Codes } from '../../shared/codes.js';
import { GAMES } from '../../shared/games.js';
import type { Role } from '../../shared/roles.js';
import { asResultError } from '../bridge/result.js';
import { ErrorCallout } from '../components/ErrorCallout.js';
import { ReasonConfirmDialog } from '../components/ReasonConfirmDialog.js';
import { useToasts } from '../components/Toaster.js';
import { useEndpointMutation } from '../kit/data.js';
import { RolesSelect } from '../users/RolesSelect.js';
import { suggestedRoles } from './requestForm.js';

/**
 * Approving a request: the super-admin picks the roles (starting from the roles of the games the
 * newcomer asked for, which only let them see those games), and the operator is created with the
 * name, phone and password of the request.
 */
export function ApproveDialog({ request, onClose }: { request: AccessRequest | null; onClose: () => void }) {
  const { t } = useTranslation();
  const toasts = useToasts();
  const approve = useEndpointMutation('accessRequests.approve', { invalidates: ['users'] });
  const [roles, setRoles] = useState<Role[]>([]);
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<unknown>(null);

  // A new request opens with its games' roles picked and nothing said yet.
  useEffect(() => {
    setRoles(request ? suggestedRoles(request.games, (g) => GAMES[g].role) : []);
    setTouched(false);
    setError(null);
  }, [request]);

  if (!request) return null;
  const names = { name: request.name, phone: request.phone };
  const invalid = touched && roles.length === 0;
  const close = () => {
    if (!approve.isPending) onClose();
  };
  const confirm = async () => {
    setTouched(true);
    if (roles.length === 0) return;
    setError(null);
    try {
      await approve.mutateAsync({ id: request.id, roles });
      toasts.success(t('accessRequests.approve.done', names));
      onClose();
    } catch (err) {
      setError(err);
    }
  };

  return (
    <Dialog isOpen onClose={close} title={t('accessRequests.approve.title', names)} icon="confirm">
      <DialogBody data-testid="approve-request-dialog">
        <Callout intent={Intent.PRIMARY} icon="info-sign">
          {t('accessRequests.approve.body', names)}
        </Callout>
        <FormGroup
          className="access-request-roles"
          label={t('accessRequests.approve.roles')}
          labelFor="approve-request-roles"
          labelInfo={t('common.required')}
          helperText={
            invalid ? t('accessRequests.approve.rolesRequired') : t('accessRequests.approve.rolesHelp')
          }
          intent={invalid ? Intent.DANGER : Intent.NONE}
        >
          <RolesSelect id="approve-request-roles" value={roles} onChange={setRoles} invalid={invalid} />
        </FormGroup>
        {error !== null && (
          <ErrorCallout
            title={t('accessRequests.approve.failed')}
            error={asResultError(error, Codes.NETWORK)}
            testId="approve-request-failed"
          />
        )}
      </DialogBody>
      <DialogActions
        onCancel={close}
        pending={approve.isPending}
        intent={Intent.SUCCESS}
        icon="tick"
        onConfirm={() => void confirm()}
        confirmText={t('accessRequests.approve.confirm', names)}
        testId="approve-request-confirm"
      />
    </Dialog>
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
