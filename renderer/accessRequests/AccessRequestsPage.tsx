import { useState } from 'react';
import { Button, Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { AccessRequest } from '../../shared/api/accessRequests.js';
import { GAMES } from '../../shared/games.js';
import { formatDateTime } from '../components/format.js';
import { useLanguage } from '../i18n/i18n.js';
import { ListPage } from '../kit/ListPage.js';
import type { TableColumn } from '../kit/table.js';
import { roleLabels } from '../users/roleLabel.js';
import { ApproveDialog, DeclineDialog } from './DecideDialogs.js';
import { accessRequestsList } from './lists.js';
import './accessRequests.css';

const STATUS_INTENT = { open: Intent.PRIMARY, approved: Intent.SUCCESS, declined: Intent.DANGER } as const;

/**
 * Newcomers' access requests (super-admin): the open ones first by default, each approved with
 * roles or declined with a reason; decided ones stay listed with who decided and how.
 */
export function AccessRequestsPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [approving, setApproving] = useState<AccessRequest | null>(null);
  const [declining, setDeclining] = useState<AccessRequest | null>(null);

  /** What became of a request: when it was asked, or who decided it, when, and how. */
  const detail = (r: AccessRequest) => {
    if (r.status === 'open') return t('accessRequests.askedAt', { at: formatDateTime(r.createdAt, lang) });
    const by = t('accessRequests.decidedBy', {
      name: r.decidedBy ?? '',
      at: formatDateTime(r.decidedAt, lang),
    });
    const what = r.status === 'approved' ? roleLabels(r.roles ?? [], t) : (r.declineReason ?? '');
    return `${what} (${by})`;
  };

  // The columns fit a 1280-pixel window beside the menu: the status column says what became of it.
  const columns: TableColumn<AccessRequest>[] = [
    { key: 'name', name: t('accessRequests.field.name'), width: 100, render: (r) => r.name },
    { key: 'phone', name: t('accessRequests.field.phone'), width: 115, render: (r) => r.phone },
    {
      key: 'games',
      name: t('accessRequests.field.games'),
      width: 110,
      render: (r) => r.games.map((g) => GAMES[g].names[lang]).join(', '),
    },
    {
      key: 'why',
      name: t('accessRequests.field.why'),
      width: 170,
      render: (r) => <span title={r.why}>{r.why}</span>,
    },
    {
      key: 'status',
      name: t('accessRequests.field.status'),
      width: 270,
      render: (r) => (
        <span title={detail(r)} data-testid={`access-request-status-${r.phone}`}>
          <Tag minimal intent={STATUS_INTENT[r.status]}>
            {t(`accessRequests.status.${r.status}`)}
          </Tag>{' '}
          {detail(r)}
        </span>
      ),
    },
    {
      key: 'actions',
      name: t('accessRequests.field.actions'),
      width: 200,
      interactive: true,
      render: (r) =>
        r.status === 'open' ? (
          <span className="kit-row-actions">
            <Button
              size="small"
              variant="minimal"
              intent={Intent.SUCCESS}
              icon="tick"
              text={t('accessRequests.approve.action')}
              onClick={() => setApproving(r)}
              data-testid={`approve-request-${r.phone}`}
            />
            <Button
              size="small"
              variant="minimal"
              intent={Intent.DANGER}
              icon="disable"
              text={t('accessRequests.decline.action')}
              onClick={() => setDeclining(r)}
              data-testid={`decline-request-${r.phone}`}
            />
          </span>
        ) : null,
    },
  ];

  return (
    <>
      <ListPage
        {...accessRequestsList(t)}
        columns={columns}
        texts={{
          failed: t('accessRequests.list.loadFailed'),
          empty: t('accessRequests.list.empty'),
          filteredEmpty: () => t('accessRequests.list.noMatches'),
          count: (count) => t('accessRequests.list.count', { count }),
        }}
        icon="new-person"
        testId="access-requests"
      />
      <ApproveDialog request={approving} onClose={() => setApproving(null)} />
      <DeclineDialog request={declining} onClose={() => setDeclining(null)} />
    </>
  );
}
