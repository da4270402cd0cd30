import { useEffect } from 'react';
import { createPath, parsePath, useLocation, useNavigate } from 'react-router-dom';

/** The page the window shows now (hash routing), written as the router writes a location. */
function windowPath(): string {
  const { pathname = '/', search = '' } = parsePath(window.location.hash.replace(/^#/, ''));
  return createPath({ pathname: pathname.startsWith('/') ? pathname : `/${pathname}`, search });
}

/**
 * Replaces the page that renders it with `to`, on every arrival at that page.
 *
 * `<Navigate>` redirects once, from an effect that runs again only when its target changes. When
 * the operator comes back to the page while that redirect is still being rendered (Back, or a
 * bookmark of `#/auth/login` just after the console opened), the router's next location can equal
 * the first one in every field (a typed hash has the same "default" key): react-router hands the
 * page the same location object, nothing re-runs, and the page stays empty until a reload. So this
 * also redirects whenever the window arrives at the page by history (popstate), and again for each
 * new entry (key) of the same page; and only while the window is still on that page, so a late
 * render never pulls the operator back from where they already went.
 */
export function Redirect({ to }: { to: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const here = createPath({ pathname: location.pathname, search: location.search });
  const { key } = location;
  useEffect(() => {
    const go = () => {
      if (windowPath() === here) void navigate(to, { replace: true });
    };
    go();
    window.addEventListener('popstate', go);
    return () => window.removeEventListener('popstate', go);
  }, [navigate, to, here, key]);
  return null;
}
