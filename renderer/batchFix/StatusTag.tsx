import { Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { RepairJob } from '../../shared/api/batchFix.js';

/** A run's status, coloured by how it went. */
export function StatusTag({ status }: { status: RepairJob['status'] }) {
  const { t } = useTranslation();
  const intent =
    status === 'done'
      ? Intent.SUCCESS
      : status === 'failed' || status === 'interrupted'
        ? Intent.DANGER
        : status === 'cancelled'
          ? Intent.WARNING
          : Intent.PRIMARY;
  return (
    <Tag minimal intent={intent} data-testid="batchfix-status">
      {t(`batchFix.status.${status}`)}
    </Tag>
  );
}
