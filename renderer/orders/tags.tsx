import { Intent } from '@blueprintjs/core';
import { LabelTag } from '../kit/LabelTag.js';
import { useTranslation } from 'react-i18next';
import type { Approval, NoticeOutcome, OrderState } from '../../shared/api/orders.js';

const STATE_INTENT: Record<OrderState, Intent> = {
  created: Intent.NONE,
  paying: Intent.PRIMARY,
  paid: Intent.WARNING,
  delivered: Intent.SUCCESS,
  deliveryFailed: Intent.DANGER,
  refunded: Intent.NONE,
  cancelled: Intent.NONE,
};

const APPROVAL_INTENT: Record<Approval, Intent> = {
  notNeeded: Intent.NONE,
  pending: Intent.WARNING,
  approved: Intent.SUCCESS,
  rejected: Intent.DANGER,
};

export function StateTag({ state, testId }: { state: OrderState; testId?: string }) {
  const { t } = useTranslation();
  return (
    <LabelTag minimal intent={STATE_INTENT[state]} data-testid={testId} data-state={state}>
      {t(`orders.state.${state}`)}
    </LabelTag>
  );
}

export function ApprovalTag({ approval, testId }: { approval: Approval; testId?: string }) {
  const { t } = useTranslation();
  return (
    <LabelTag minimal intent={APPROVAL_INTENT[approval]} data-testid={testId} data-approval={approval}>
      {t(`orders.approval.${approval}`)}
    </LabelTag>
  );
}

/** Forged or mangled notices are the alarming ones (danger); late or mismatched ones want a look. */
const OUTCOME_INTENT: Record<NoticeOutcome, Intent> = {
  applied: Intent.SUCCESS,
  duplicate: Intent.NONE,
  badSignature: Intent.DANGER,
  stale: Intent.WARNING,
  unknownOrder: Intent.WARNING,
  amountMismatch: Intent.DANGER,
  wrongState: Intent.WARNING,
  malformed: Intent.DANGER,
};

export function OutcomeTag({
  outcome,
  testId,
  suffix = '',
}: {
  outcome: NoticeOutcome;
  testId?: string;
  /** Said after the outcome, in the same tag (a resend's mark). */
  suffix?: string;
}) {
  const { t } = useTranslation();
  return (
    <LabelTag minimal intent={OUTCOME_INTENT[outcome]} data-testid={testId} data-outcome={outcome}>
      {t(`orders.outcome.${outcome}`)}
      {suffix}
    </LabelTag>
  );
}
