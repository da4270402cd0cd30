import type { TFunction } from 'i18next';
import { ACCESS_REQUEST_STATUSES } from '../../shared/api/accessRequests.js';
import { listPrefetch, type ListRead } from '../kit/listRead.js';

const STATUS_FILTERS = [...ACCESS_REQUEST_STATUSES, 'all'] as const;

/**
 * What the access-request list reads, declared once for its screen and for its route, which starts
 * the first page's read as the navigation begins (feature.ts imports this module on its own).
 */
export const accessRequestsList = (t: TFunction): ListRead<'accessRequests.list'> => ({
  endpoint: 'accessRequests.list',
  input: {},
  filters: [
    {
      kind: 'select',
      input: 'status',
      options: STATUS_FILTERS,
      label: (s) => t(`accessRequests.status.${s}`),
      ariaLabel: t('accessRequests.field.status'),
      initial: 'open',
      all: 'all',
    },
  ],
});

/** The route's prefetch (feature.ts). */
export const accessRequests = listPrefetch(({ t }) => accessRequestsList(t));
