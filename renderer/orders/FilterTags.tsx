import { Button, Tag } from '@blueprintjs/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../shared/codes.js';
import { GAMES } from '../../shared/games.js';
import { useLanguage } from '../i18n/i18n.js';
import {
  EMPTY_FILTERS,
  activeFilters,
  withoutFilter,
  type ActiveFilter,
  type OrderFilters,
} from './filters.js';

/** An active filter as its tag reads: "Status: Completed", "Amount: 2k – 5k", "Game: Lord War". */
export function filterTagText(t: TFunction, a: ActiveFilter, f: OrderFilters, lang: Language): string {
  const name = t(`orders.filter.${a.field}`);
  switch (a.field) {
    case 'paymentStatus':
      return `${name}: ${t(`orders.paymentStatus.${a.value ?? ''}`)}`;
    case 'state':
      return `${name}: ${t(`orders.state.${a.value ?? ''}`)}`;
    case 'provider':
      return `${name}: ${t(`orders.provider.${a.value ?? ''}`)}`;
    case 'kind':
      return `${name}: ${t(`orders.kind.${f.kind ?? ''}`)}`;
    case 'approval':
      return `${name}: ${t(`orders.approval.${f.approval ?? ''}`)}`;
    case 'amount':
      return `${name}: ${t('orders.filter.amountRange', { min: f.amount?.[0], max: f.amount?.[1] })}`;
    case 'game':
      return `${name}: ${f.game ? GAMES[f.game].names[lang] : ''}`;
    default:
      return `${name}: ${String(f[a.field] ?? '')}`;
  }
}

/**
 * The order lists' active filters (the drawer's), each a tag that removes it, and one button
 * that clears them all; nothing when none is set. Test ids `<testId>-tags`, `-tag-<field>[-value]`,
 * `-clear`.
 */
export function FilterTags({
  filters,
  onApply,
  testId,
}: {
  filters: OrderFilters;
  onApply: (next: OrderFilters) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const tags = activeFilters(filters);
  if (tags.length === 0) return null;
  return (
    <div className="orders-tags" data-testid={`${testId}-tags`}>
      {tags.map((a) => (
        <Tag
          key={`${a.field}:${a.value ?? ''}`}
          onRemove={() => onApply(withoutFilter(filters, a))}
          data-testid={`${testId}-tag-${a.field}${a.value ? `-${a.value}` : ''}`}
        >
          {filterTagText(t, a, filters, lang)}
        </Tag>
      ))}
      <Button
        variant="minimal"
        size="small"
        icon="cross"
        text={t('kit.list.clearFilters')}
        onClick={() => onApply(EMPTY_FILTERS)}
        data-testid={`${testId}-clear`}
      />
    </div>
  );
}
