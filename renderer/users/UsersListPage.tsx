import { Link, useSearchParams } from 'react-router-dom';
import { Button, Classes, HTMLSelect, Intent, Spinner, Tag } from '@blueprintjs/core';
import { Table2 } from '@blueprintjs/table';
import { useTranslation } from 'react-i18next';
import { ROLES, type Role } from '../../shared/roles.js';
import type { Operator } from '../../shared/api/users.js';
import { fillPath, routeById } from '../../shared/routes.js';
import { EmptyState } from '../components/EmptyState.js';
import { Pager } from '../components/Pager.js';
import { QueryErrorCallout, RefetchSpinner } from '../components/QueryState.js';
import { SearchOnSubmit } from '../components/SearchField.js';
import { formatDateTime } from '../components/format.js';
import { tableColumns, type TableColumn } from '../components/tableColumns.js';
import { useLanguage } from '../i18n/i18n.js';
import { roleLabels } from './roleLabel.js';
import { USERS_PAGE_SIZE, useUsersList } from './usersApi.js';

const ROW_HEIGHT = 30;

function isRole(x: string | null): x is Role {
  return x !== null && (ROLES as readonly string[]).includes(x);
}

function UsersTable({ items }: { items: readonly Operator[] }) {
  const { t } = useTranslation();
  const lang = useLanguage();
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
      render: (op) => formatDateTime(op.lastLoginAt, lang) || t('users.neverSignedIn'),
    },
  ];
  return (
    <div
      className="users-table"
      style={{ height: ROW_HEIGHT * (items.length + 1) + 16 }}
      data-testid="users-table"
    >
      <Table2
        numRows={items.length}
        enableRowHeader={false}
        defaultRowHeight={ROW_HEIGHT}
        columnWidths={columns.map((c) => c.width)}
        cellRendererDependencies={[items, lang]}
        enableFocusedCell={false}
      >
        {tableColumns(items, columns)}
      </Table2>
    </div>
  );
}

/** Operators, filtered and paged by the server; the filters live in the URL so Back keeps them. */
export function UsersListPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const q = search.get('q') ?? '';
  const roleParam = search.get('role');
  const role = isRole(roleParam) ? roleParam : undefined;
  const page = Math.max(1, Number(search.get('page')) || 1);
  const list = useUsersList({ page, ...(q ? { q } : {}), ...(role ? { role } : {}) });

  const update = (patch: { q?: string; role?: string; page?: number }) =>
    setSearch((prev) => {
      const next = new URLSearchParams(prev);
      for (const [k, v] of Object.entries(patch)) {
        if (v === undefined || v === '' || (k === 'page' && v === 1)) next.delete(k);
        else next.set(k, String(v));
      }
      return next;
    });

  return (
    <div className="users-page">
      <div className="toolbar">
        <SearchOnSubmit
          key={q}
          initial={q}
          onSubmit={(text) => update({ q: text, page: 1 })}
          placeholder={t('users.list.searchPlaceholder')}
          testId="users-search"
          className="users-search"
        />
        <HTMLSelect
          value={role ?? ''}
          onChange={(e) => update({ role: e.currentTarget.value, page: 1 })}
          aria-label={t('users.list.roleFilter')}
          data-testid="users-role-filter"
        >
          <option value="">{t('users.list.allRoles')}</option>
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {t(`role.${r}`)}
            </option>
          ))}
        </HTMLSelect>
        {(q || role) && (
          <Button
            variant="minimal"
            icon="cross"
            text={t('users.list.clearFilters')}
            onClick={() => update({ q: '', role: '', page: 1 })}
          />
        )}
        <span className="toolbar-spacer" />
        <RefetchSpinner query={list} />
        <Link
          to={routeById('admin.userCreate').path}
          className={`${Classes.BUTTON} ${Classes.INTENT_PRIMARY}`}
          data-testid="users-create"
        >
          {t('route.admin.userCreate')}
        </Link>
      </div>
      {list.isPending ? (
        <Spinner />
      ) : list.error ? (
        <QueryErrorCallout title={t('users.list.loadFailed')} query={list} />
      ) : list.data.total > 0 && list.data.items.length === 0 ? (
        <EmptyState
          icon="arrow-left"
          title={t('users.list.pastEnd')}
          action={<Button onClick={() => update({ page: 1 })} text={t('users.list.firstPage')} />}
          testId="users-past-end"
        />
      ) : list.data.total === 0 ? (
        <EmptyState
          icon="people"
          title={q || role ? t('users.list.noMatches') : t('users.list.empty')}
          testId="users-empty"
        />
      ) : (
        <>
          <p className={Classes.TEXT_MUTED} data-testid="users-count">
            {t('users.list.count', { count: list.data.total })}
          </p>
          <UsersTable items={list.data.items} />
          <Pager
            page={list.data.page}
            pageSize={USERS_PAGE_SIZE}
            total={list.data.total}
            onPage={(p) => update({ page: p })}
          />
        </>
      )}
    </div>
  );
}
