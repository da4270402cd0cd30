import '@blueprintjs/core/lib/css/blueprint.css';
import '@blueprintjs/icons/lib/css/blueprint-icons.css';
import './styles.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, BridgeMissing } from './app/App.js';
import { askEarly, bridge, installWebBridgeIfNeeded } from './bridge/bridge.js';
import { initI18n, likelyLanguage, toLanguage } from './i18n/i18n.js';
import { loadCatalogue } from './i18n/resources.js';
import { initTheme } from './theme/theme.js';
import { LOGIN_PATH } from '../shared/routes.js';

async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root');
  const root = createRoot(container);
  // The browser host's transport is fetched while the likely language's texts load, not after.
  const bridgeReady = installWebBridgeIfNeeded().then(
    () => null,
    (err: unknown) => err,
  );
  const guess = likelyLanguage();
  void loadCatalogue(guess).catch(() => undefined);
  try {
    const failed = await bridgeReady;
    if (failed) throw failed;
    const earlyAnswers = askEarly();
    // The saved language and theme, before the first paint, so the console never flashes others.
    const settings = await bridge().settings.get();
    initTheme(settings.theme);
    await Promise.all([initI18n(loadCatalogue, toLanguage(settings.language)), earlyAnswers]);
  } catch (err) {
    // The message below is in the texts, so they are set up first (in the likely language).
    await initI18n(loadCatalogue, guess).catch(() => undefined);
    root.render(<BridgeMissing error={err instanceof Error ? err.message : String(err)} />);
    return;
  }
  // A launch opens the root, whose only route leads to sign-in: start there, saving the router a
  // redirect (one more render) before the first useful paint.
  if (/^#?\/?$/.test(window.location.hash))
    window.history.replaceState(window.history.state, '', `#${LOGIN_PATH}`);
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
