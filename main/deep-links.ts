import type { DeepLink } from '../shared/ipc.js';
import { GAME_IDS, type GameId } from '../shared/games.js';
import { ROUTES, playerPath } from '../shared/routes.js';
import type { EventHub } from './events.js';
import { defineService, serviceId } from './services/collection.js';
import type { MainService } from './services/registry.js';

/**
 * gameops:// links (issue 10): `gameops://<game>/player/<id>` opens a player,
 * `gameops://<page path>` (gameops://admin/users, gameops://ymmj/steamplayers?name=ash) a page.
 * Main reads them strictly and turns them into a console path; anything else is refused here,
 * and the path still goes through the router's guard (sign-in first, then back to the link).
 */

export const DEEP_LINK_SCHEME = 'gameops';
const MAX_LINK = 2048;
const MAX_QUERY_PAIRS = 10;
/** Control characters and DEL: never in a link we accept. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this finds
const CONTROL = /[\u0000-\u001f\u007f]/;

/** The console path a link opens, or null when it is not one of ours (or not well-formed). */
export function parseDeepLink(raw: string): string | null {
  if (typeof raw !== 'string' || raw.length > MAX_LINK) return null;
  // No control characters, spaces or backslashes anywhere; no fragment.
  if (CONTROL.test(raw) || /[ \\#]/.test(raw)) return null;
  const m = /^gameops:\/\/([^?]*)(?:\?(.*))?$/i.exec(raw);
  if (!m) return null;
  const rawPath = (m[1] ?? '').replace(/\/+$/, '');
  const query = m[2];
  const segments = rawPath.split('/');
  // Plain segments only: no empty ones (//), no dots, no escapes, no user@host:port.
  if (segments.some((s) => !/^[A-Za-z0-9_-]+$/.test(s))) return null;

  let path: string | null;
  const [first, second, third] = segments;
  if (segments.length === 3 && second === 'player' && isGame(first) && /^[0-9]{1,20}$/.test(third ?? '')) {
    path = playerPath(first, third!);
  } else {
    const candidate = `/${segments.join('/')}`;
    path = isOpenablePage(candidate) ? candidate : null;
  }
  if (!path) return null;
  if (query === undefined || query === '') return path;
  const search = parseQuery(query);
  return search === null ? null : search ? `${path}?${search}` : path;
}

function isGame(x: string | undefined): x is GameId {
  return (GAME_IDS as readonly string[]).includes(x ?? '');
}

/** A page of the console's own frame (not sign-in or error pages), parameters filled in. */
function isOpenablePage(path: string): boolean {
  const parts = path.split('/').filter(Boolean);
  return ROUTES.some((r) => {
    if (r.layout !== 'main') return false;
    const pattern = r.path.split('/').filter(Boolean);
    return (
      pattern.length === parts.length && pattern.every((seg, i) => seg.startsWith(':') || seg === parts[i])
    );
  });
}

/** Simple filters only: a few key=value pairs, keys a plain word, values short text. */
function parseQuery(query: string): string | null {
  const pairs = query.split('&').filter((p) => p !== '');
  if (pairs.length > MAX_QUERY_PAIRS) return null;
  const out = new URLSearchParams();
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    const key = eq < 0 ? pair : pair.slice(0, eq);
    if (!/^[A-Za-z][A-Za-z0-9_]{0,31}$/.test(key)) return null;
    let value: string;
    try {
      value = decodeURIComponent((eq < 0 ? '' : pair.slice(eq + 1)).replace(/\+/g, ' '));
    } catch {
      return null;
    }
    if (value.length > 200 || CONTROL.test(value)) return null;
    out.append(key, value);
  }
  return out.toString();
}

/** The link as it may be shown back to the operator: shortened, control characters dropped. */
export function shownLink(raw: string): string {
  const clean = [...String(raw)].filter((c) => !CONTROL.test(c)).join('');
  return clean.length > 120 ? `${clean.slice(0, 117)}...` : clean;
}

/** The gameops:// link among a process's arguments (Windows and Linux pass it on the command line). */
export function linkInArgs(argv: readonly string[]): string | null {
  return argv.find((a) => /^gameops:/i.test(a)) ?? null;
}

export interface DeepLinkService extends MainService {
  /** A link from the command line, a second launch or macOS's open-url. */
  receive(raw: string): DeepLink;
  /** The window that would take links is gone: the next one asks with links:take. */
  windowGone(): void;
}

/**
 * Until the window has asked for its first link (links:take), a link waits (the newest wins);
 * after that, links go to it as links:open events.
 */
export function createDeepLinkService(deps: { events: EventHub }): DeepLinkService {
  let pending: DeepLink | null = null;
  let windowReady = false;
  return {
    name: 'deep-links',
    emits: ['links:open'],
    receive(raw) {
      const path = parseDeepLink(raw);
      const link: DeepLink = path ? { path, refused: null } : { path: null, refused: shownLink(raw) };
      if (!path) console.warn(`[gameops] refused the link ${shownLink(raw)}`);
      if (windowReady) deps.events.emit('links:open', link);
      else pending = link;
      return link;
    },
    windowGone() {
      windowReady = false;
    },
    handlers: {
      'links:take': async () => {
        windowReady = true;
        const link = pending;
        pending = null;
        return link;
      },
    },
  };
}

export const DEEP_LINKS = serviceId<DeepLinkService>('deep-links');

export const deepLinkService = defineService({
  id: DEEP_LINKS,
  needs: {},
  create: (_needs, given: { events: EventHub }) => createDeepLinkService(given),
});
