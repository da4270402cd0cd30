import type { TFunction } from 'i18next';
import { ROLES } from '../../shared/roles.js';
import { listPrefetch, type ListRead } from '../kit/listRead.js';

/**
 * What the operator list reads, declared once for its screen and for its route, which starts the
 * first page's read as the navigation begins (feature.ts imports this module on its own).
 */
export const usersList = (t: TFunction): ListRead<'users.list'> => ({
  endpoint: 'users.list',
  input: {},
  filters: [
    { kind: 'search', input: 'q', placeholder: t('users.list.searchPlaceholder') },
    {
      kind: 'select',
      input: 'role',
      options: ROLES,
      label: (r) => t(`role.${r}`),
      ariaLabel: t('users.list.roleFilter'),
      none: t('users.list.allRoles'),
    },
  ],
});

/** The route's prefetch (feature.ts). */
export const users = listPrefetch(({ t }) => usersList(t));
