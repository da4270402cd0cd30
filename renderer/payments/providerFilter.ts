import type { TFunction } from 'i18next';
import { PROVIDERS } from '../../shared/api/orders.js';
import type { SelectFilter } from '../kit/filters.js';

/**
 * The "any provider" select of the payment lists (orders, notices, refunds); `param` names it in
 * the URL when two lists share a page.
 */
export function providerFilter(t: TFunction, param?: string): SelectFilter {
  return {
    kind: 'select',
    input: 'provider',
    ...(param ? { param } : {}),
    options: PROVIDERS,
    label: (p) => t(`orders.provider.${p}`),
    ariaLabel: t('payments.field.provider'),
    none: t('payments.orders.allProviders'),
  };
}
