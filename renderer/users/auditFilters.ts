import type { TFunction } from 'i18next';
import { AUDIT_KINDS } from '../../shared/api/users.js';
import type { Language } from '../../shared/codes.js';
import { GAME_IDS } from '../../shared/games.js';
import { gameName } from '../kit/audit.js';
import type { ListFilter } from '../kit/filters.js';

/**
 * The audit log's filters, kept in the URL of the operator's page beside the page's own
 * parameters (hence the `log` prefix): the kind of entry (sessions or actions), the game, and a
 * range of the operator's local days, both ends included.
 */
export const AUDIT_PARAMS = {
  kind: 'logKind',
  game: 'logGame',
  from: 'logFrom',
  to: 'logTo',
  page: 'logPage',
} as const;
export const AUDIT_SORT_PARAMS = { sort: 'logSort', order: 'logOrder' } as const;

export function auditLogFilters({ t, lang }: { t: TFunction; lang: Language }): readonly ListFilter[] {
  return [
    {
      kind: 'select',
      input: 'kind',
      param: AUDIT_PARAMS.kind,
      testId: 'user-logs-kind',
      options: AUDIT_KINDS,
      label: (k) => t(`users.logs.kind.${k}`),
      none: t('users.logs.filter.allKinds'),
      ariaLabel: t('users.logs.filter.kind'),
    },
    {
      kind: 'select',
      input: 'game',
      param: AUDIT_PARAMS.game,
      testId: 'user-logs-game',
      options: GAME_IDS,
      label: (g) => gameName(g, lang) ?? g,
      none: t('users.logs.filter.allGames'),
      ariaLabel: t('users.logs.filter.game'),
    },
    {
      kind: 'dateRange',
      input: 'from',
      toInput: 'to',
      param: AUDIT_PARAMS.from,
      toParam: AUDIT_PARAMS.to,
      testId: 'user-logs',
      fromLabel: t('users.logs.filter.from'),
      toLabel: t('users.logs.filter.to'),
    },
  ];
}
