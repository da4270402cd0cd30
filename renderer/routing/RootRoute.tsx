import { useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { bridge } from '../bridge/bridge.js';
import { loginPathFor, matchRoute } from './guard.js';

/**
 * Above every layout: scrolls to the top when the page changes, and sends the operator to
 * sign-in when main says the session ended, keeping the page they were on for afterwards.
 */
export function RootRoute() {
  const location = useLocation();
  const navigate = useNavigate();
  const here = useRef(location);
  useEffect(() => {
    here.current = location;
  }, [location]);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location.pathname]);

  useEffect(
    () =>
      bridge().on('session:expired', () => {
        const { pathname, search } = here.current;
        if (matchRoute(pathname)?.access.kind === 'public') return;
        void navigate(loginPathFor(`${pathname}${search}`, true), { replace: true });
      }),
    [navigate],
  );

  return <Outlet />;
}
