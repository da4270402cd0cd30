import { Link } from 'react-router-dom';
import { Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { Operator } from '../../shared/api/users.js';
import { fillPath, routeById } from '../../shared/routes.js';
import { ListTime } from '../components/ListTime.js';
import { ListPage } from '../kit/ListPage.js';
import type { TableColumn } from '../kit/table.js';
import { usersList } from './lists.js';
import { roleLabels } from './roleLabel.js';

/** Operators, filtered and paged by the server; the filters live in the URL so Back keeps them. */
export function UsersListPage() {
  const { t } = useTranslation();
  const detail = (phone: string) => fillPath(routeById('admin.user').path, { phone });

  const columns: TableColumn<Operator>[] = [
    {
      key: 'phone',
      name: t('users.field.phone'),
      width: 130,
      interactive: true,
      render: (op) => (
        <Link to={detail(op.phone)} data-testid={`user-link-${op.phone}`}>
          {op.phone}
        </Link>
      ),
    },
    { key: 'name', name: t('users.field.name'), width: 110, render: (op) => op.name },
    { key: 'firstName', name: t('users.field.firstName'), width: 140, render: (op) => op.first_name },
    { key: 'roles', name: t('users.field.roles'), width: 330, render: (op) => roleLabels(op.roles, t) },
    {
      key: 'disabled',
      name: t('users.field.disabled'),
      width: 80,
      render: (op) =>
        op.disabled ? (
          <Tag intent={Intent.DANGER} minimal>
            {t('users.disabledYes')}
          </Tag>
        ) : (
          t('users.disabledNo')
        ),
    },
    {
      key: 'lastLogin',
      name: t('users.field.lastLogin'),
      width: 170,
      render: (op) => (op.lastLoginAt ? <ListTime at={op.lastLoginAt} /> : t('users.neverSignedIn')),
    },
  ];

  return (
    <ListPage
      {...usersList(t)}
      columns={columns}
      texts={{
        failed: t('users.list.loadFailed'),
        empty: t('users.list.empty'),
        filteredEmpty: () => t('users.list.noMatches'),
        count: (count) => t('users.list.count', { count }),
      }}
      icon="people"
      create={{
        to: routeById('admin.userCreate').path,
        text: t('route.admin.userCreate'),
        testId: 'users-create',
      }}
      testId="users"
    />
  );
}
