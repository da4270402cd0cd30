import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Button, Classes, Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { TodoItem } from '../../shared/api/todo.js';
import { LIST_PAGE_SIZE } from '../../shared/constants.js';
import { Codes } from '../../shared/codes.js';
import { routeById } from '../../shared/routes.js';
import { asResultError } from '../bridge/result.js';
import { ErrorCallout } from '../components/ErrorCallout.js';
import { formatDateTime } from '../components/format.js';
import { useNow } from '../components/hooks.js';
import { RefetchSpinner } from '../components/QueryState.js';
import { useToasts } from '../components/Toaster.js';
import { useLanguage } from '../i18n/i18n.js';
import { useEndpointMutation } from '../kit/data.js';
import { ListBody, useTableSort } from '../kit/ListPage.js';
import { RowsTable } from '../kit/RowsTable.js';
import { useListController } from '../kit/useListController.js';
import { TODO_LIST } from './lists.js';
import { isCritical } from './deadline.js';
import { useRelativeText } from './DeadlineText.js';
import './todo.css';

const todoColumns = (t: TFunction) => [
  { name: t('todo.field.number') },
  { name: t('todo.field.name'), sortKey: 'name' },
  { name: t('todo.field.desc') },
  { name: t('todo.field.expireAt'), sortKey: 'expireAt' },
  { name: t('todo.field.actions') },
];

/**
 * The operator's own to-do list (spec: /admin/todo): number, name, description, deadline and a
 * delete action, by deadline ascending unless sorted by a heading. Deadlines read as relative time
 * and move with the clock; an item due within 3 days is marked critical. After a delete succeeds
 * the list is read again.
 */
export function TodoListPage() {
  const { t } = useTranslation();
  const toasts = useToasts();
  const list = useListController(TODO_LIST);
  const sort = useTableSort(list);
  // One clock for every row, so the deadlines move together.
  const now = useNow(30_000);
  // The mutation refetches the list (its own capability) once the delete answers Code 1.
  const remove = useEndpointMutation('todo.delete');
  const [deleting, setDeleting] = useState<TodoItem | null>(null);
  const first = (list.page - 1) * LIST_PAGE_SIZE;

  const confirmDelete = () => {
    if (!deleting) return;
    const { name } = deleting;
    remove.mutate(
      { name },
      {
        onSuccess: () => {
          toasts.success(t('todo.list.deleted', { name }));
          setDeleting(null);
        },
      },
    );
  };

  return (
    <div className="todo-list" data-testid="todo-list">
      <p className={Classes.TEXT_MUTED}>{t('todo.list.intro')}</p>
      <div className="toolbar">
        <span className="toolbar-spacer" />
        <RefetchSpinner query={list.query} />
        <Link
          to={routeById('todo.create').path}
          className={`${Classes.BUTTON} ${Classes.INTENT_PRIMARY}`}
          data-testid="todo-add"
        >
          {t('todo.list.add')}
        </Link>
      </div>
      <ListBody
        list={list}
        testId="todo"
        icon="tick-circle"
        texts={{
          failed: t('todo.list.loadFailed'),
          empty: t('todo.list.empty'),
          emptyHelp: t('todo.list.emptyHelp'),
          count: (count) => t('todo.list.count', { count }),
        }}
        table={(rows) => (
          <RowsTable
            columns={todoColumns(t)}
            rowCount={rows.length}
            testId="todo-table"
            sort={sort}
            className="todo-table"
          >
            {rows.map((item, i) => (
              <TodoRow
                key={item.name}
                item={item}
                number={first + i + 1}
                now={now}
                onDelete={() => {
                  remove.reset();
                  setDeleting(item);
                }}
              />
            ))}
          </RowsTable>
        )}
      />
      <Alert
        isOpen={deleting !== null}
        intent={Intent.DANGER}
        icon="trash"
        cancelButtonText={t('common.cancel')}
        confirmButtonText={remove.isPending ? t('todo.list.deleting') : t('todo.list.delete')}
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
        canEscapeKeyCancel
        className="todo-delete-alert"
      >
        <p data-testid="todo-delete-title">
          {deleting ? t('todo.list.deleteTitle', { name: deleting.name }) : ''}
        </p>
        {remove.error ? (
          <ErrorCallout
            title={t('todo.list.deleteFailed')}
            error={asResultError(remove.error, Codes.NETWORK)}
            testId="todo-delete-error"
          />
        ) : null}
      </Alert>
    </div>
  );
}

/** One item: its deadline relative to now (moving with the clock), critical when near or past. */
function TodoRow({
  item,
  number,
  now,
  onDelete,
}: {
  item: TodoItem;
  number: number;
  now: number;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const relative = useRelativeText();
  const due = Date.parse(item.expireAt);
  const critical = isCritical(due, now);
  const overdue = due <= now;
  return (
    <tr
      className={critical ? 'todo-critical' : undefined}
      data-testid="todo-row"
      data-name={item.name}
      data-critical={critical}
    >
      <td className="todo-number">{number}</td>
      <td data-testid="todo-row-name">{item.name}</td>
      <td className="todo-desc">{item.desc}</td>
      <td className="todo-deadline" title={formatDateTime(item.expireAt, lang)}>
        <span data-testid="todo-row-deadline">{relative(item.expireAt, now)}</span>
        {critical && (
          <Tag
            intent={Intent.DANGER}
            minimal={!overdue}
            title={t('todo.criticalHelp')}
            data-testid="todo-row-critical"
          >
            {overdue ? t('todo.overdue') : t('todo.critical')}
          </Tag>
        )}
        <div className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`}>
          {formatDateTime(item.expireAt, lang)}
        </div>
      </td>
      <td>
        <Button
          size="small"
          variant="minimal"
          intent={Intent.DANGER}
          icon="trash"
          text={t('todo.list.delete')}
          onClick={onDelete}
          data-testid="todo-row-delete"
        />
      </td>
    </tr>
  );
}
