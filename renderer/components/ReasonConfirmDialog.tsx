import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Callout, Dialog, DialogBody, FormGroup, Intent, TextArea, type IconName } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '../kit/DialogActions.js';
import { Codes } from '../../shared/codes.js';
import { asResultError } from '../bridge/result.js';
import { ErrorCallout } from './ErrorCallout.js';
import { isReasonValid } from './reason.js';
import '../kit/kit.css';

export interface ReasonConfirmDialogProps {
  isOpen: boolean;
  /** Names the action, the game and the target: "Ban hero Frost Queen in Secret Realm". */
  title: string;
  /** What will happen, said plainly (shown as a warning). */
  warning: ReactNode;
  /**
   * Extra fields above the reason (a hero, an expiry). The first of them takes the focus when the
   * dialog opens (give it focusWhenIdle); without them the reason does.
   */
  children?: ReactNode;
  confirmText: string;
  icon?: IconName;
  intent?: Intent;
  /** Runs the action with the trimmed reason; a rejection is shown in the dialog, which stays open. */
  onConfirm: (reason: string) => Promise<unknown>;
  onClose: () => void;
  /** Called after onConfirm resolved; the dialog closes itself. */
  onDone?: () => void;
  /** Title of the error shown when the action fails. */
  failedTitle: string;
  testId?: string;
}

/** The reason a destructive action takes, checked as the server checks it once touched. */
export function ReasonField({
  id,
  reason,
  setReason,
  invalid,
  onBlur,
  autoFocus = true,
}: {
  /** The field's id and test id. */
  id: string;
  reason: string;
  setReason: (reason: string) => void;
  invalid: boolean;
  onBlur: () => void;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <FormGroup
      label={t('confirm.reason')}
      labelFor={id}
      labelInfo={t('common.required')}
      helperText={invalid ? t('confirm.reasonInvalid') : t('confirm.reasonHelp')}
      intent={invalid ? Intent.DANGER : Intent.NONE}
      className="dialog-reason"
    >
      <TextArea
        id={id}
        fill
        autoFocus={autoFocus}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        onBlur={onBlur}
        intent={invalid ? Intent.DANGER : Intent.NONE}
        maxLength={500}
        data-testid={id}
      />
    </FormGroup>
  );
}

/**
 * Every destructive action goes through this: it names the game and the target, asks for a
 * reason (the server's rule, min 2 characters, lands in the audit log), and shows a failure
 * without closing, so nothing is done silently and nothing fails silently.
 */
export function ReasonConfirmDialog(props: ReasonConfirmDialogProps) {
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const failure = useRef<HTMLDivElement>(null);
  const valid = isReasonValid(reason);
  const testId = props.testId ?? 'confirm-dialog';

  // The confirm button is disabled while the call runs, which drops the focus out of the dialog,
  // and the dialog hears Escape only with the focus inside it. Focus the failure: it is what the
  // operator reads next, and Escape closes the dialog again.
  useEffect(() => {
    if (error !== null) failure.current?.focus();
  }, [error]);

  const reset = () => {
    setReason('');
    setTouched(false);
    setError(null);
  };

  const close = () => {
    if (pending) return;
    reset();
    props.onClose();
  };

  const confirm = async () => {
    setTouched(true);
    if (!valid || pending) return;
    setPending(true);
    setError(null);
    try {
      await props.onConfirm(reason.trim());
      reset();
      props.onDone?.();
      props.onClose();
    } catch (err) {
      setError(err);
    } finally {
      setPending(false);
    }
  };

  const invalid = touched && !valid;
  return (
    <Dialog isOpen={props.isOpen} onClose={close} title={props.title} icon={props.icon ?? 'warning-sign'}>
      {/* Blueprint's Dialog does not pass data-* props to the DOM; the body carries the test id. */}
      <DialogBody data-testid={testId}>
        <Callout intent={props.intent ?? Intent.DANGER} icon="warning-sign">
          {props.warning}
        </Callout>
        {props.children}
        <ReasonField
          id={`${testId}-reason`}
          reason={reason}
          setReason={setReason}
          invalid={invalid}
          onBlur={() => setTouched(true)}
          autoFocus={!props.children}
        />
        {error !== null && (
          <div ref={failure} tabIndex={-1} className="dialog-failure" data-testid={`${testId}-failed`}>
            <ErrorCallout title={props.failedTitle} error={asResultError(error, Codes.NETWORK)} />
          </div>
        )}
      </DialogBody>
      <DialogActions
        onCancel={close}
        pending={pending}
        intent={props.intent ?? Intent.DANGER}
        icon={props.icon ?? 'warning-sign'}
        onConfirm={() => void confirm()}
        confirmText={props.confirmText}
        testId={`${testId}-confirm`}
      />
    </Dialog>
  );
}
