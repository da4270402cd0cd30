import { Intent } from '@blueprintjs/core';
import { LabelTag } from '../kit/LabelTag.js';
import { useTranslation } from 'react-i18next';

export type ModerationStatus = 'active' | 'expired' | 'lifted' | 'paid' | 'refunded';

const INTENTS: Record<ModerationStatus, Intent> = {
  active: Intent.DANGER,
  expired: Intent.NONE,
  lifted: Intent.SUCCESS,
  paid: Intent.PRIMARY,
  refunded: Intent.WARNING,
};

/** The state of a ban, a blacklist entry or a testing recharge, translated. */
export function StatusTag({ status }: { status: ModerationStatus }) {
  const { t } = useTranslation();
  return (
    <LabelTag intent={INTENTS[status]} minimal={status !== 'active'} data-status={status}>
      {t(`moderation.status.${status}`)}
    </LabelTag>
  );
}
