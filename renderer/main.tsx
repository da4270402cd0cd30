import '@blueprintjs/core/lib/css/blueprint.css';
import '@blueprintjs/icons/lib/css/blueprint-icons.css';
import './styles.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, BridgeMissing } from './app/App.js';
import { askEarly, bridge, installWebBridgeIfNeeded } from './bridge/bridge.js';
import { changeLanguage, initI18n, toLanguage } from './i18n/i18n.js';
import { CATALOGUES } from './i18n/resources.js';
import { LOGIN_PATH } from '../shared/routes.js';

async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root');
  const root = createRoot(container);
  // The browser host's transport is fetched while the texts are set up, not after.
  const bridgeReady = installWebBridgeIfNeeded().then(
    () => null,
    (err: unknown) => err,
  );
  await initI18n(CATALOGUES);
  try {
    const failed = await bridgeReady;
    if (failed) throw failed;
    const earlyAnswers = askEarly();
    // The saved language, before the first paint, so the console never flashes the other one.
    const settings = await bridge().settings.get();
    await Promise.all([changeLanguage(toLanguage(settings.language)), earlyAnswers]);
  } catch (err) {
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
