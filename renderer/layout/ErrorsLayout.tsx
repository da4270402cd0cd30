import { Outlet } from 'react-router-dom';
import { LanguageSwitch } from '../components/LanguageSwitch.js';
import { useSession } from '../session/SessionContext.js';
import { isSignedIn } from '../routing/guard.js';
import { LazyChrome } from './LazyChrome.js';

/**
 * Error pages: inside the console's frame for a signed-in operator (a refused page keeps the top
 * bar and the menu, the way back), on their own with the language switch otherwise.
 */
export function ErrorsLayout() {
  const { state } = useSession();
  if (state && isSignedIn(state, Date.now())) {
    return (
      <LazyChrome user={state.user}>
        <Outlet />
      </LazyChrome>
    );
  }
  return (
    <main className="errors-layout">
      <div className="auth-layout-language">
        <LanguageSwitch />
      </div>
      <Outlet />
    </main>
  );
}
