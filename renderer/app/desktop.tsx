import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AboutDialog } from '../about/AboutDialog.js';
import { bridge } from '../bridge/bridge.js';
import { useToasts } from '../components/Toaster.js';
import { SettingsDialog } from '../settings/LazySettingsDialog.js';
import { watchOpenDialogs } from '../updates/dialogs.js';
import { UpdateDialog } from '../updates/UpdateDialog.js';
import { onAppCommand, runAppCommand } from './commands.js';
import type { DeepLink } from '../../shared/ipc.js';

/**
 * What makes the window behave like a desktop app, mounted once at the root (App.tsx) after the
 * first paint (App keeps the theme on <body> from the first render): the menu's commands run
 * through the command seam, gameops:// links opened through the router's guard, open dialogs
 * reported to main (no restart into an update while one is open), and the dialogs the menu opens
 * (About, settings, update). In the browser host the same runs; main simply never sends menu
 * commands or links there.
 */
export function DesktopShell() {
  const { t } = useTranslation();
  const toasts = useToasts();
  const [settingsOpen, setSettingsOpen] = useState(false);

  useEffect(
    () =>
      bridge().on('app:command', ({ command }) => {
        if (!runAppCommand(command)) console.info(`[gameops] nothing on screen carries out ${command} now`);
      }),
    [],
  );
  useEffect(() => onAppCommand('settings', () => setSettingsOpen(true)), []);

  useEffect(() => {
    const open = (link: DeepLink | null) => {
      if (!link) return;
      if (link.path) openPath(link.path);
      else toasts.error(t('about.linkRefused', { link: link.refused ?? '' }));
    };
    const off = bridge().on('links:open', open);
    bridge()
      .links.take()
      .then(open)
      .catch(() => {
        // No link, or no main to ask: the window opens where it would anyway.
      });
    return off;
  }, [t, toasts]);

  useEffect(
    () =>
      watchOpenDialogs(document, (open) => {
        void bridge()
          .updates.reportDialogs(open)
          .catch(() => undefined);
      }),
    [],
  );

  return (
    <>
      <AboutDialog />
      <UpdateDialog />
      <SettingsDialog isOpen={settingsOpen} onClose={() => setSettingsOpen(false)} />
    </>
  );
}

/**
 * A link's page, through hash routing: the router sees it like any other navigation, so its
 * guard decides (sign-in first, keeping the page for afterwards; a page the role may not open
 * says so).
 */
export function openPath(path: string): void {
  window.location.hash = `#${path}`;
}
