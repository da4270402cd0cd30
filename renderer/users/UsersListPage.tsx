import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  Button,
  Classes,
  ControlGroup,
  HTMLSelect,
  InputGroup,
  Intent,
  NonIdealState,
  Spinner,
  Tag,
} from '@blueprintjs/core';
import { Cell, Column, Table2 } from '@blueprintjs/table';
import { useTranslation } from 'react-i18next';
import { Codes } from '../../shared/codes.js';
import { ROLES, type Role } from '../../shared/roles.js';
import type { Operator } from '../../shared/api/users.js';
import { fillPath, routeById } from '../../shared/routes.js';
import { asResultError } from '../bridge/result.js';
import { ErrorCallout } from '../components/ErrorCallout.js';
import { Pager } from '../components/Pager.js';
import { formatDateTime } from '../components/format.js';
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
  const cell = (row: number, render: (op: Operator) => ReactNode, interactive = false) => {
    const op = items[row];
    return <Cell interactive={interactive}>{op ? render(op) : null}</Cell>;
  };
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
        columnWidths={[130, 110, 140, 330, 80, 170]}
        cellRendererDependencies={[items, lang]}
        enableFocusedCell={false}
      >
        <Column
          name={t('users.field.phone')}
          cellRenderer={(r) =>
            cell(
              r,
              (op) => (
                <Link to={detail(op.phone)} data-testid={`user-link-${op.phone}`}>
                  {op.phone}
                </Link>
              ),
              true,
            )
          }
        />
        <Column name={t('users.field.name')} cellRenderer={(r) => cell(r, (op) => op.name)} />
        <Column name={t('users.field.firstName')} cellRenderer={(r) => cell(r, (op) => op.first_name)} />
        <Column
          name={t('users.field.roles')}
          cellRenderer={(r) => cell(r, (op) => roleLabels(op.roles, t))}
        />
        <Column
          name={t('users.field.disabled')}
          cellRenderer={(r) =>
            cell(r, (op) =>
              op.disabled ? (
                <Tag intent={Intent.DANGER} minimal>
                  {t('users.disabledYes')}
                </Tag>
              ) : (
                t('users.disabledNo')
              ),
            )
          }
        />
        <Column
          name={t('users.field.lastLogin')}
          cellRenderer={(r) =>
            cell(r, (op) => formatDateTime(op.lastLoginAt, lang) || t('users.neverSignedIn'))
          }
        />
      </Table2>
    </div>
  );
}

/** Keyed by the query in the URL, so Back and "clear filters" reset what is typed. */
function SearchBox({ initial, onSearch }: { initial: string; onSearch: (q: string) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(initial);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(draft.trim());
  };
  return (
    <form onSubmit={submit} className="users-search" role="search">
      <ControlGroup>
        <InputGroup
          type="search"
          leftIcon="search"
          placeholder={t('users.list.searchPlaceholder')}
          aria-label={t('users.list.searchPlaceholder')}
          value={draft}
          onValueChange={setDraft}
          maxLength={64}
          data-testid="users-search"
        />
        <Button type="submit" text={t('common.search')} data-testid="users-search-submit" />
      </ControlGroup>
    </form>
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
        <SearchBox key={q} initial={q} onSearch={(text) => update({ q: text, page: 1 })} />
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
        {list.isFetching && !list.isPending && <Spinner size={16} />}
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
        <ErrorCallout
          title={t('users.list.loadFailed')}
          error={asResultError(list.error, Codes.NETWORK)}
          onRetry={() => void list.refetch()}
        />
      ) : list.data.total > 0 && list.data.items.length === 0 ? (
        <NonIdealState
          icon="arrow-left"
          title={t('users.list.pastEnd')}
          action={<Button onClick={() => update({ page: 1 })} text={t('users.list.firstPage')} />}
          data-testid="users-past-end"
        />
      ) : list.data.total === 0 ? (
        <NonIdealState
          icon="people"
          title={q || role ? t('users.list.noMatches') : t('users.list.empty')}
          data-testid="users-empty"
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
