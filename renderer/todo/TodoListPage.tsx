import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Button, Classes, HTMLTable, Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { TodoItem } from '../../shared/api/todo.js';
import { Codes } from '../../shared/codes.js';
import { routeById } from '../../shared/routes.js';
import { asResultError } from '../bridge/result.js';
import { EmptyState } from '../components/EmptyState.js';
import { ErrorCallout } from '../components/ErrorCallout.js';
import { formatDateTime } from '../components/format.js';
import { useNow } from '../components/hooks.js';
import { QueryState, RefetchSpinner } from '../components/QueryState.js';
import { useToasts } from '../components/Toaster.js';
import { useLanguage } from '../i18n/i18n.js';
import { useEndpointMutation, useEndpointQuery } from '../kit/data.js';
import { byDeadline, isCritical } from './deadline.js';
import { useRelativeText } from './DeadlineText.js';
import './todo.css';

/**
 * The operator's own to-do list (spec: /admin/todo): number, name, description, deadline and a
 * delete action, by deadline ascending. Deadlines read as relative time and move with the clock;
 * an item due within 3 days is marked critical. After a delete succeeds the list is read again.
 */
export function TodoListPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const toasts = useToasts();
  const now = useNow(30_000);
  const relative = useRelativeText();
  const query = useEndpointQuery('todo.list', {});
  // The mutation refetches the list (its own capability) once the delete answers Code 1.
  const remove = useEndpointMutation('todo.delete');
  const [deleting, setDeleting] = useState<TodoItem | null>(null);

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
        {query.data && (
          <span data-testid="todo-count">{t('todo.list.count', { count: query.data.todo.length })}</span>
        )}
        <span className="toolbar-spacer" />
        <RefetchSpinner query={query} />
        <Link
          to={routeById('todo.create').path}
          className={`${Classes.BUTTON} ${Classes.INTENT_PRIMARY}`}
          data-testid="todo-add"
        >
          {t('todo.list.add')}
        </Link>
      </div>
      <QueryState query={query} failedTitle={t('todo.list.loadFailed')} errorTestId="todo-list-error">
        {(data) =>
          data.todo.length === 0 ? (
            <EmptyState
              testId="todo-empty"
              icon="tick-circle"
              title={t('todo.list.empty')}
              description={t('todo.list.emptyHelp')}
            />
          ) : (
            <HTMLTable className="todo-table" striped data-testid="todo-table">
              <thead>
                <tr>
                  <th className="todo-number">{t('todo.field.number')}</th>
                  <th>{t('todo.field.name')}</th>
                  <th>{t('todo.field.desc')}</th>
                  <th>{t('todo.field.expireAt')}</th>
                  <th>{t('todo.field.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {byDeadline(data.todo).map((item, i) => {
                  const due = Date.parse(item.expireAt);
                  const critical = isCritical(due, now);
                  const overdue = due <= now;
                  return (
                    <tr
                      key={item.name}
                      className={critical ? 'todo-critical' : undefined}
                      data-testid="todo-row"
                      data-name={item.name}
                      data-critical={critical}
                    >
                      <td className="todo-number">{i + 1}</td>
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
                          onClick={() => {
                            remove.reset();
                            setDeleting(item);
                          }}
                          data-testid="todo-row-delete"
                        />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </HTMLTable>
          )
        }
      </QueryState>
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
