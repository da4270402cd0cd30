/**
 * Hosts that never leave this machine: plain http to them exposes no token on a network.
 * Only what no resolver can move: the IP literals IPv4 127.0.0.0/8 and IPv6 ::1, and the exact
 * name `localhost`, which main never looks up but sends to 127.0.0.1 (main/http/send.ts).
 * `*.localhost` is not one: RFC 6761 only asks resolvers to keep it on loopback, and a system
 * resolver, a hosts file or a proxy may well send `api.localhost` to another computer.
 */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (h === 'localhost' || h === '::1') return true;
  const octets = /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(h);
  return octets !== null && octets.slice(1).every((o) => Number(o) <= 255);
}

/**
 * The loopback literal `localhost` stands for: main sends there instead of asking a resolver,
 * which could answer with another computer's address.
 */
export const LOCALHOST_PIN = '127.0.0.1';

/** Why a service address cannot carry an operator's token, or null when it can. */
export type ServiceUrlProblem = 'notUrl' | 'notHttp' | 'insecure' | 'credentials';

export const SERVICE_URL_MESSAGES: Record<ServiceUrlProblem, string> = {
  notUrl: 'not a web address; enter one such as https://ops.example.com/api/v1/sr',
  notHttp: 'must start with https:// (or http:// for this computer only)',
  insecure:
    'plain http:// would send your sign-in token unencrypted over the network; use https://, or http:// only for this computer (localhost, 127.0.0.1, [::1]; not names such as api.localhost)',
  credentials: 'must not hold a user name or password; the console signs in by itself',
};

/**
 * The rule for every service address: tokens travel only over https, or in plain http to this
 * machine. main refuses such a setting and never sends a token to such an address; the settings
 * form says why before saving.
 */
export function serviceUrlProblem(raw: string): ServiceUrlProblem | null {
  let u: URL;
  try {
    u = new URL(raw.trim());
  } catch {
    return 'notUrl';
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return 'notHttp';
  if (u.username || u.password) return 'credentials';
  if (u.protocol === 'http:' && !isLoopbackHost(u.hostname)) return 'insecure';
  return null;
}

/** Which releases the desktop app's updater follows: `beta` also takes pre-releases. */
export const UPDATE_CHANNELS = ['stable', 'beta'] as const;
export type UpdateChannel = (typeof UPDATE_CHANNELS)[number];

/** `system` follows the OS (nativeTheme in the app, prefers-color-scheme in a browser). */
export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];
