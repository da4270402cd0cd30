import { Outlet, useLocation } from 'react-router-dom';
import { useSession } from '../session/SessionContext.js';
import { isSignedIn, loginPathFor } from '../routing/guard.js';
import { Redirect } from '../routing/Redirect.js';
import { LazyChrome } from './LazyChrome.js';

/** The pages of signed-in operators, in the console's frame. */
export function MainLayout() {
  const { state, lastEnd } = useSession();
  const location = useLocation();

  if (!state) return null;
  // The page's own guard says the same; deciding here too keeps the frame from flashing.
  if (!isSignedIn(state, Date.now())) {
    return <Redirect to={loginPathFor(`${location.pathname}${location.search}`, lastEnd !== null)} />;
  }
  return (
    <LazyChrome user={state.user}>
      <Outlet />
    </LazyChrome>
  );
}
