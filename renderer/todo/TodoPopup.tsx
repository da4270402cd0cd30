import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, Classes, H5, Intent, PopoverNext, Spinner, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { routeById } from '../../shared/routes.js';
import { onAppCommand } from '../app/commands.js';
import { useNow } from '../components/hooks.js';
import { QueryErrorCallout } from '../components/QueryState.js';
import { useEndpointQuery } from '../kit/data.js';
import { byDeadline, isCritical } from './deadline.js';
import { useRelativeText } from './DeadlineText.js';
import './todo.css';

/** How long the top bar's count of critical items is kept before it is read again. */
const STALE_MS = 60_000;

/**
 * The top bar's to-do popup (spec: titled ToDoList, the item names numbered by deadline, SEE ALL
 * leading to /admin/todo). The button counts the critical items; the list is read again each
 * time the popup opens. The app command `todoList` (its shortcut, the desktop menu) opens it.
 */
export function TodoPopup() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const now = useNow(30_000);
  const relative = useRelativeText();
  const query = useEndpointQuery('todo.list', {}, { staleTime: STALE_MS });
  const { refetch } = query;

  useEffect(() => onAppCommand('todoList', () => setOpen(true)), []);
  useEffect(() => {
    if (open) void refetch();
  }, [open, refetch]);

  const items = query.data ? byDeadline(query.data.todo) : [];
  const critical = items.filter((i) => isCritical(Date.parse(i.expireAt), now)).length;
  const label = critical > 0 ? t('todo.popup.openCritical', { count: critical }) : t('todo.popup.open');

  const content = (
    <div className="todo-popup" data-testid="todo-popup">
      <H5>{t('todo.popup.title')}</H5>
      {query.isPending ? (
        <Spinner size={20} />
      ) : query.error ? (
        <QueryErrorCallout title={t('todo.popup.loadFailed')} query={query} testId="todo-popup-error" />
      ) : items.length === 0 ? (
        <p className={Classes.TEXT_MUTED} data-testid="todo-popup-empty">
          {t('todo.popup.empty')}
        </p>
      ) : (
        <ol data-testid="todo-popup-items">
          {items.map((item, i) => {
            const isCrit = isCritical(Date.parse(item.expireAt), now);
            return (
              <li
                key={item.name}
                className={isCrit ? 'todo-critical' : undefined}
                data-testid="todo-popup-item"
                data-critical={isCrit}
              >
                <span className="todo-popup-name">
                  <span className="todo-popup-number">{i + 1}.</span>
                  {item.name}
                </span>
                <span className="todo-popup-time">{relative(item.expireAt, now)}</span>
              </li>
            );
          })}
        </ol>
      )}
      <div className="todo-popup-footer">
        <Link
          to={routeById('todo.list').path}
          className={`${Classes.BUTTON} ${Classes.MINIMAL} ${Classes.INTENT_PRIMARY}`}
          onClick={() => setOpen(false)}
          data-testid="todo-popup-see-all"
        >
          {t('todo.popup.seeAll')}
        </Link>
      </div>
    </div>
  );

  return (
    <PopoverNext
      content={content}
      placement="bottom-end"
      isOpen={open}
      onInteraction={(next) => setOpen(next)}
    >
      <Button
        variant="minimal"
        icon="tick-circle"
        aria-label={label}
        title={label}
        data-testid="todo-popup-button"
        endIcon={
          critical > 0 ? (
            // The count is in the button's name; read once, not again as a bare number.
            <Tag round intent={Intent.DANGER} data-testid="todo-popup-critical-count" aria-hidden>
              {critical}
            </Tag>
          ) : undefined
        }
      />
    </PopoverNext>
  );
}
