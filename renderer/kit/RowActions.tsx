import { useCallback, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button, Classes } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { GameId } from '../../shared/games.js';
import { useToasts } from '../components/Toaster.js';
import { RowActionDialog } from './RowActionDialog.js';
import {
  rowActionId,
  rowActionTextKey,
  type ListRowAction,
  type RowAction,
  type ToggleRowAction,
} from './rowActions.js';

type Opened<T> = { id: string; row: T } | null;

const isConfirm = <T,>(a: ListRowAction<T>): a is RowAction<T> & { kind?: 'confirm' } =>
  a.kind === undefined || a.kind === 'confirm';

/** The confirmation an action opens: its own, or a toggle's for turning on. */
const confirmOf = <T,>(a: ListRowAction<T>): RowAction<T> | undefined =>
  isConfirm(a) ? a : a.kind === 'toggle' ? a.confirmOn : undefined;

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** A row's button for one action: opens its confirmation or dialog, follows its link, or toggles. */
function useRowButton<T>(open: (opened: Opened<T>) => void, iconOnly: boolean) {
  const { t } = useTranslation();
  const toasts = useToasts();
  const toggle = (a: ToggleRowAction<T>, row: T, on: boolean) => {
    if (!on && a.confirmOn) return open({ id: a.confirmOn.endpoint, row });
    a.run(row, !on).then(
      () => toasts.success(a.done(row, !on)),
      (err: unknown) => toasts.error(`${a.failed}: ${errorText(err)}`),
    );
  };
  return (a: ListRowAction<T>, row: T): ReactNode => {
    const common = {
      key: rowActionId(a),
      size: 'small',
      variant: 'minimal',
      'data-testid': a.buttonTestId(row),
    } as const;
    // A dense table names its buttons by tooltip and to screen readers, not in the row.
    const named = (text: string) => (iconOnly ? { title: text, 'aria-label': text } : { text });
    if (isConfirm(a))
      return (
        <Button
          {...common}
          intent={a.intent}
          icon={a.icon}
          {...named(t(rowActionTextKey(a, 'action')))}
          onClick={() => open({ id: a.endpoint, row })}
        />
      );
    if (a.kind === 'dialog')
      return (
        <Button
          {...common}
          intent={a.intent}
          icon={a.icon}
          {...named(a.text)}
          onClick={() => open({ id: a.id, row })}
        />
      );
    if (a.kind === 'link')
      return (
        <Link
          key={common.key}
          to={a.to(row)}
          className={`${Classes.BUTTON} ${Classes.MINIMAL} ${Classes.SMALL}`}
          data-testid={common['data-testid']}
        >
          {a.text}
        </Link>
      );
    const on = a.isOn(row);
    return (
      <Button
        {...common}
        icon={a.icon(on)}
        {...named(a.text(on))}
        aria-pressed={on}
        onClick={() => toggle(a, row, on)}
      />
    );
  };
}

export interface RowActionsView<T> {
  /** A row's buttons, for the actions the row offers. */
  cell: (row: T) => ReactNode;
  /** The confirmations and dialogs, to render once beside the list. */
  dialogs: ReactNode;
  /** Opens an action's confirmation or dialog for a row from elsewhere (a drawer's Edit). */
  open: (id: string, row: T) => void;
}

/**
 * A list's row actions, for any view of it: the buttons of a row and the confirmations and
 * dialogs they open (one at a time). ListPage puts the buttons in a column of its table; a view
 * with rows of its own puts `cell` in a cell of each.
 */
export function useRowActions<T>(
  actions: readonly ListRowAction<T>[],
  game: GameId | null,
  opts: { iconOnly?: boolean } = {},
): RowActionsView<T> {
  const [opened, setOpened] = useState<Opened<T>>(null);
  const close = useCallback(() => setOpened(null), []);
  const button = useRowButton<T>(setOpened, opts.iconOnly ?? false);
  const cell = (row: T) => (
    <span className="kit-row-actions">
      {actions.filter((a) => a.when?.(row) ?? true).map((a) => button(a, row))}
    </span>
  );
  const dialogs = actions.map((a) => {
    const confirm = confirmOf(a);
    if (confirm)
      return (
        <RowActionDialog
          key={confirm.endpoint}
          action={confirm}
          game={game}
          target={opened?.id === confirm.endpoint ? opened.row : null}
          onClose={close}
        />
      );
    return a.kind === 'dialog' && opened?.id === a.id ? (
      <span key={a.id}>{a.render(opened.row, close)}</span>
    ) : null;
  });
  return { cell, dialogs, open: (id, row) => setOpened({ id, row }) };
}
