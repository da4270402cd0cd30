import '@blueprintjs/core/lib/css/blueprint.css';
import '@blueprintjs/icons/lib/css/blueprint-icons.css';
import './styles.css';

// First: it asks main its questions before the modules below are evaluated (boot.ts).
import { booted, likely } from './boot.js';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, BridgeMissing } from './app/App.js';
import { initI18n, toLanguage } from './i18n/i18n.js';
import { loadCatalogue } from './i18n/resources.js';
import { initTheme } from './theme/theme.js';
import { createAppRouter } from './routing/router.js';
import { loadFirstScreenIcons } from './app/firstScreenIcons.js';
import { LOGIN_PATH } from '../shared/routes.js';

async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root');
  const root = createRoot(container);
  // A launch opens the root, whose only route leads to sign-in: start there, saving the router a
  // redirect (one more render) before the first useful paint.
  if (/^#?\/?$/.test(window.location.hash))
    window.history.replaceState(window.history.state, '', `#${LOGIN_PATH}`);
  // Made now, while main's answers are on their way: ranking every route takes the main thread
  // ~10 ms, which the first render would otherwise spend.
  const router = createAppRouter();
  try {
    // The saved language and theme, before the first paint, so the console never flashes others.
    const { settings, early } = await booted;
    initTheme(settings.theme);
    await Promise.all([
      initI18n(loadCatalogue, toLanguage(settings.language)),
      early,
      loadFirstScreenIcons(),
    ]);
  } catch (err) {
    // The message below is in the texts, so they are set up first (in the likely language).
    await initI18n(loadCatalogue, likely).catch(() => undefined);
    root.render(<BridgeMissing error={err instanceof Error ? err.message : String(err)} />);
    return;
  }
  root.render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
}

void start();
