import type { Protocol } from 'electron';
import { APP_SCHEME_PRIVILEGES, respondToAppRequest } from './app-protocol.js';
import { APP_SCHEME } from './security.js';

/** Electron glue for app://: what it answers is decided in app-protocol.ts. */

/** Must run before the app is ready: Electron fixes a scheme's privileges at start-up. */
export function registerAppScheme(protocol: Pick<Protocol, 'registerSchemesAsPrivileged'>): void {
  protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES]);
}

/** Serves the built renderer on app://gameops/ for the default session (the window's). */
export function serveAppProtocol(protocol: Pick<Protocol, 'handle'>, rendererDir: string): void {
  protocol.handle(APP_SCHEME, (request) => respondToAppRequest(request, { rendererDir }));
}
