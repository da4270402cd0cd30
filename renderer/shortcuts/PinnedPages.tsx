import { NavLink } from 'react-router-dom';
import { Classes, Icon } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { routeById } from '../../shared/routes.js';
import { useShell } from '../shell/context.js';
import { pinnedRoutes } from './palette.js';
import { useRoles, useRouteTitle, useShortcutPrefs } from './prefs.js';
import './shortcuts.css';

/**
 * The operator's pinned pages in the top bar, in their order, after a keyboard button leading to
 * /admin/shortcut where they are set (the page has no side-menu place: every operator has one).
 * A page the operator may no longer open, or that is not built, is left out rather than leading
 * to a refusal.
 */
export function PinnedPages() {
  const { t } = useTranslation();
  const roles = useRoles();
  const title = useRouteTitle();
  const { pinned } = useShortcutPrefs();
  const { isReady } = useShell();
  const routes = pinnedRoutes(pinned, roles, isReady);
  const settings = routeById('admin.shortcut');
  return (
    <nav className="pinned-pages" aria-label={t('shortcuts.pinned.label')} data-testid="pinned-pages">
      <NavLink
        to={settings.path}
        end
        className={({ isActive }) =>
          [Classes.BUTTON, Classes.MINIMAL, isActive ? Classes.ACTIVE : ''].filter(Boolean).join(' ')
        }
        title={t('shortcuts.pinned.settings')}
        aria-label={t('shortcuts.pinned.settings')}
        data-testid="shortcuts-button"
      >
        <Icon icon="key-command" />
      </NavLink>
      {routes.map((route) => (
        <NavLink
          key={route.id}
          to={route.path}
          end
          className={({ isActive }) =>
            [Classes.BUTTON, Classes.MINIMAL, 'pinned-page', isActive ? Classes.ACTIVE : '']
              .filter(Boolean)
              .join(' ')
          }
          title={title(route)}
          data-testid={`pinned-${route.id}`}
        >
          <span className={`${Classes.BUTTON_TEXT} ${Classes.TEXT_OVERFLOW_ELLIPSIS}`}>{title(route)}</span>
        </NavLink>
      ))}
    </nav>
  );
}
