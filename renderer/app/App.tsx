import { useEffect, useRef, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { BlueprintProvider, Button, Callout, Intent, Spinner } from '@blueprintjs/core';
import { QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorCallout } from '../components/ErrorCallout.js';
import { ToastProvider } from '../components/Toaster.js';
import { SHELL } from '../features.js';
import type { GuardSession } from '../routing/guard.js';
import { prepareLocation } from '../routing/prepareOnNavigation.js';
import type { AppRouter } from '../routing/router.js';
import { SessionProvider, useSession } from '../session/SessionContext.js';
import { ShellContext } from '../shell/context.js';
import { useDocumentTheme } from '../theme/theme.js';
import { DesktopShell } from './desktop.js';

function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // Main already refreshes tokens and retries once; retrying here would repeat refusals.
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000 },
      mutations: { retry: false },
    },
  });
}

/**
 * Each new location's screen starts its code and reads when the router has it (see
 * prepareOnNavigation.ts), with the session as it is then.
 */
function usePrepareOnNavigation(router: AppRouter, session: GuardSession | null | undefined): void {
  const client = useQueryClient();
  const latest = useRef(session);
  latest.current = session;
  useEffect(() => {
    let last = '';
    return router.subscribe(({ location }) => {
      const key = `${location.pathname}${location.search}`;
      if (key === last) return;
      last = key;
      prepareLocation(client, latest.current, location, Date.now());
    });
  }, [router, client]);
}

/** Nothing routes until main has said who is signed in, so no guard decides on a guess. */
function SessionGate({ router }: { router: AppRouter }) {
  const { t } = useTranslation();
  const { state, loadError, reload } = useSession();
  usePrepareOnNavigation(router, state);
  if (loadError && !state) {
    return (
      <div className="errors-layout">
        <ErrorCallout title={t('app.sessionLoadFailed')} error={loadError} onRetry={() => void reload()} />
      </div>
    );
  }
  if (!state) {
    return (
      <div className="app-loading" data-testid="app-loading">
        <Spinner />
      </div>
    );
  }
  return <RouterProvider router={router} />;
}

/** Keeps <body> in the theme setting's colours (set before the first render by main.tsx). */
function DocumentTheme() {
  useDocumentTheme();
  return null;
}

/**
 * True once the first screen has been painted: the desktop shell's own calls to main (links,
 * updates, open dialogs) and its dialogs wait for it, so they do not hold the first frame.
 */
function useFirstPaintDone(): boolean {
  const [done, setDone] = useState(false);
  useEffect(() => {
    // An animation frame runs just before the paint; a task queued from it runs after. A window
    // that does not paint (hidden, minimised) gets no frames: the fallback mounts it anyway.
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => setDone(true), 0);
    });
    const fallback = window.setTimeout(() => setDone(true), 1000);
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
      window.clearTimeout(fallback);
    };
  }, []);
  return done;
}

/** The router is made by main.tsx while main's answers are on their way (createAppRouter). */
export function App({ router }: { router: AppRouter }) {
  const [queryClient] = useState(makeQueryClient);
  const painted = useFirstPaintDone();
  return (
    <BlueprintProvider>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <ShellContext.Provider value={SHELL}>
            <SessionProvider>
              <DocumentTheme />
              <SessionGate router={router} />
              {painted && <DesktopShell />}
            </SessionProvider>
          </ShellContext.Provider>
        </ToastProvider>
      </QueryClientProvider>
    </BlueprintProvider>
  );
}

/** Shown instead of the app when no bridge was installed: the console cannot reach main. */
export function BridgeMissing({ error }: { error: string }) {
  const { t } = useTranslation();
  return (
    <div className="errors-layout">
      <Callout intent={Intent.DANGER} title={t('app.bridgeMissing.title')} icon="offline">
        <p>{t('app.bridgeMissing.body')}</p>
        <pre data-testid="bridge-missing">{error}</pre>
        <Button icon="refresh" onClick={() => window.location.reload()} text={t('common.reload')} />
      </Callout>
    </div>
  );
}
