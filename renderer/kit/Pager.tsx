import { Button, ButtonGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { pageList, totalPagesOf } from './pageList.js';

/** One page of a server-paged list, as the list endpoints return it. */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** Server-side paging: the list's total decides the pages; the caller fetches the chosen one. */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
  testId = 'pager',
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const pages = totalPagesOf(total, pageSize);
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={t('pager.label')} data-testid={testId}>
      <ButtonGroup>
        <Button
          icon="chevron-left"
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
          aria-label={t('pager.previous')}
          title={t('pager.previous')}
        />
        {pageList(page, pages).map((slot) =>
          slot.kind === 'gap' ? (
            <Button key={slot.key} disabled text="…" />
          ) : (
            <Button
              key={slot.page}
              text={String(slot.page)}
              active={slot.page === page}
              aria-current={slot.page === page ? 'page' : undefined}
              onClick={() => onPage(slot.page)}
              data-testid={`${testId}-page-${slot.page}`}
            />
          ),
        )}
        <Button
          icon="chevron-right"
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
          aria-label={t('pager.next')}
          title={t('pager.next')}
        />
      </ButtonGroup>
      <span className="pager-total">{t('pager.total', { count: total, pages })}</span>
    </nav>
  );
}
