import { useMemo, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { Drawer, Position } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { SIDE_NAV_WIDTH } from '../../shared/constants.js';
import type { SessionUser } from '../../shared/session.js';
import { buildMenu } from '../menu/buildMenu.js';
import { MenuContext } from '../menu/MenuContext.js';
import { matchRoute } from '../routing/guard.js';
import { useShell } from '../shell/context.js';
import { DemoBanner } from './DemoBanner.js';
import { useNarrowWindow } from './narrowWindow.js';
import { SideMenu } from './SideMenu.js';
import { SkipLink } from './SkipLink.js';
import { TopBar } from './TopBar.js';

/** The page's own content; the skip link moves the focus here. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * What surrounds every page of a signed-in operator: the skip link, the top bar, the demo-data
 * banner, the side menu (a drawer on narrow windows) and the page. The main layout's pages and,
 * when signed in, the error pages use it, so a refused page keeps the operator's bearings.
 */
export function Chrome({ user, children }: { user: SessionUser; children: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  const narrow = useNarrowWindow();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // A drawer left open on a narrow window must not pop up again the next time it narrows.
  const [wasNarrow, setWasNarrow] = useState(narrow);
  if (wasNarrow !== narrow) {
    setWasNarrow(narrow);
    setDrawerOpen(false);
  }

  const { isReady } = useShell();
  const groups = useMemo(() => buildMenu(user.role, isReady), [user.role, isReady]);
  const currentRouteId = matchRoute(location.pathname)?.id;

  return (
    <MenuContext.Provider value={groups}>
      <div className="main-layout" data-narrow={narrow}>
        <SkipLink target={MAIN_CONTENT_ID} />
        <TopBar operatorName={user.name} {...(narrow ? { onOpenMenu: () => setDrawerOpen(true) } : {})} />
        <DemoBanner />
        <div className="main-body">
          {narrow ? (
            <Drawer
              isOpen={drawerOpen}
              onClose={() => setDrawerOpen(false)}
              position={Position.LEFT}
              size={SIDE_NAV_WIDTH}
              title={t('menu.label')}
              icon="menu"
              className="side-menu-drawer"
            >
              <SideMenu currentRouteId={currentRouteId} onNavigate={() => setDrawerOpen(false)} />
            </Drawer>
          ) : (
            <aside className="side-nav" style={{ width: SIDE_NAV_WIDTH }} data-testid="side-nav">
              <SideMenu currentRouteId={currentRouteId} />
            </aside>
          )}
          <main id={MAIN_CONTENT_ID} className="main-content" tabIndex={-1}>
            {children}
          </main>
        </div>
      </div>
    </MenuContext.Provider>
  );
}
