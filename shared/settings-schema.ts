import { z } from 'zod';
import { LANGUAGES, type Language } from './codes.js';
import { SERVICES, type ServiceName } from './games.js';
import { SERVICE_URL_MESSAGES, THEMES, UPDATE_CHANNELS, serviceUrlProblem } from './settings.js';

/**
 * The settings' schemas (main checks what it stores and every patch the renderer sends) and their
 * types. The rules they apply live in settings.ts, without zod, so that what needs only those
 * (the renderer's first paint) does not load it; a type-only import of this module costs nothing.
 */

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

export const updateChannelSchema = z.enum(UPDATE_CHANNELS);

export const themeSchema = z.enum(THEMES);

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
