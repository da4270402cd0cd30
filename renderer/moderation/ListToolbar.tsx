import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button, Classes } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { gamePagePath, type GameId } from '../../shared/games.js';
import { RefetchSpinner } from '../components/QueryState.js';

/**
 * A list's toolbar: its search and filters, "clear filters" while any is set, then at the far end
 * a spinner while the list refetches and the page's own action (create, ban…).
 */
export function ListToolbar({
  query,
  filtered = false,
  onClear,
  end,
  children,
}: {
  query: { isFetching: boolean; isPending: boolean };
  filtered?: boolean;
  /** Clears every filter of the list; offered while `filtered`. */
  onClear?: () => void;
  end?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="toolbar">
      {children}
      {filtered && onClear && (
        <Button variant="minimal" icon="cross" text={t('moderation.list.clearFilters')} onClick={onClear} />
      )}
      <span className="toolbar-spacer" />
      <RefetchSpinner query={query} />
      {end}
    </div>
  );
}

/** A list's "create" button: a link to the game's create page, titled like that page. */
export function CreateLink({
  game,
  page,
  testId,
}: {
  game: GameId;
  page: 'blacklistCreate' | 'specialUserCreate';
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Link
      to={gamePagePath(game, page)}
      className={`${Classes.BUTTON} ${Classes.INTENT_PRIMARY}`}
      data-testid={testId}
    >
      {t(`page.${page}`)}
    </Link>
  );
}
