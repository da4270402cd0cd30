import { z } from 'zod';
import { LANGUAGES, type Language } from './codes.js';
import { SERVICES, type ServiceName } from './games.js';

/**
 * Hosts that never leave this machine: plain http to them exposes no token on a network.
 * IPv4 127.0.0.0/8, IPv6 ::1, and `localhost` (which RFC 6761 keeps on the loopback interface).
 */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (h === 'localhost' || h.endsWith('.localhost') || h === '::1') return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

/** Why a service address cannot carry an operator's token, or null when it can. */
export type ServiceUrlProblem = 'notUrl' | 'notHttp' | 'insecure' | 'credentials';

export const SERVICE_URL_MESSAGES: Record<ServiceUrlProblem, string> = {
  notUrl: 'not a web address; enter one such as https://ops.example.com/api/v1/sr',
  notHttp: 'must start with https:// (or http:// for this computer only)',
  insecure:
    'plain http:// would send your sign-in token unencrypted over the network; use https://, or http:// only for this computer (localhost, 127.0.0.1)',
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

const httpUrl = z
  .string()
  .trim()
  .superRefine((u, ctx) => {
    const problem = serviceUrlProblem(u);
    if (problem) ctx.addIssue({ code: 'custom', message: SERVICE_URL_MESSAGES[problem] });
  });

export const languageSchema = z.enum(LANGUAGES as [Language, ...Language[]]);

/**
 * `embedded`: main starts the reference backend and points every service at it.
 * `custom`: the studio's own hosts, one base URL per service (including its base path).
 */
export const backendModeSchema = z.enum(['embedded', 'custom']);

/** Which releases the desktop app's updater follows: `beta` also takes pre-releases. */
export const UPDATE_CHANNELS = ['stable', 'beta'] as const;
export const updateChannelSchema = z.enum(UPDATE_CHANNELS);
export type UpdateChannel = z.infer<typeof updateChannelSchema>;

/** `system` follows the OS (nativeTheme in the app, prefers-color-scheme in a browser). */
export const THEMES = ['system', 'light', 'dark'] as const;
export const themeSchema = z.enum(THEMES);
export type Theme = z.infer<typeof themeSchema>;

export const settingsSchema = z.object({
  language: languageSchema,
  backend: backendModeSchema,
  services: z.object(
    Object.fromEntries(SERVICES.map((s) => [s, httpUrl])) as Record<ServiceName, typeof httpUrl>,
  ),
  // Desktop preferences; settings saved before they existed read as their defaults.
  updateChannel: updateChannelSchema.default('stable'),
  theme: themeSchema.default('system'),
  /** Developer tools in a packaged build (always on in development). */
  devTools: z.boolean().default(false),
  /** Closing the window keeps the console running in the tray (server watch goes on). */
  closeToTray: z.boolean().default(false),
});
export type Settings = z.infer<typeof settingsSchema>;

export const settingsPatchSchema = z.strictObject({
  language: languageSchema.optional(),
  backend: backendModeSchema.optional(),
  services: z
    .strictObject(
      Object.fromEntries(SERVICES.map((s) => [s, httpUrl.optional()])) as Record<
        ServiceName,
        z.ZodOptional<typeof httpUrl>
      >,
    )
    .optional(),
  updateChannel: updateChannelSchema.optional(),
  theme: themeSchema.optional(),
  devTools: z.boolean().optional(),
  closeToTray: z.boolean().optional(),
});
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;
