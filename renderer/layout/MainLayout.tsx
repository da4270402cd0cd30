import { useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { Drawer, Position } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { NARROW_WINDOW_PX, SIDE_NAV_WIDTH } from '../../shared/constants.js';
import { useWindowWidth } from '../components/hooks.js';
import { useSession } from '../session/SessionContext.js';
import { isSignedIn, loginPathFor, matchRoute } from '../routing/guard.js';
import { SideMenu } from './SideMenu.js';
import { TopBar } from './TopBar.js';

/** Top bar, side menu (a drawer on narrow windows) and the page. Signed-in operators only. */
export function MainLayout() {
  const { t } = useTranslation();
  const { state, lastEnd } = useSession();
  const location = useLocation();
  const narrow = useWindowWidth() < NARROW_WINDOW_PX;
  const [drawerOpen, setDrawerOpen] = useState(false);

  if (!state) return null;
  // The page's own guard says the same; deciding here too keeps the chrome from flashing.
  if (!isSignedIn(state, Date.now())) {
    return <Navigate to={loginPathFor(`${location.pathname}${location.search}`, lastEnd !== null)} replace />;
  }
  const roles = state.user.role;
  const currentRouteId = matchRoute(location.pathname)?.id;

  return (
    <div className="main-layout">
      <TopBar operatorName={state.user.name} {...(narrow ? { onOpenMenu: () => setDrawerOpen(true) } : {})} />
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
            <SideMenu roles={roles} currentRouteId={currentRouteId} onNavigate={() => setDrawerOpen(false)} />
          </Drawer>
        ) : (
          <aside className="side-nav" style={{ width: SIDE_NAV_WIDTH }}>
            <SideMenu roles={roles} currentRouteId={currentRouteId} />
          </aside>
        )}
        <main className="main-content">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
