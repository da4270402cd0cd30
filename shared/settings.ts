import { z } from 'zod';
import { LANGUAGES, type Language } from './codes.js';
import { SERVICES, type ServiceName } from './games.js';

const httpUrl = z
  .string()
  .trim()
  .url()
  .refine((u) => /^https?:\/\//i.test(u), { message: 'must start with http:// or https://' });

export const languageSchema = z.enum(LANGUAGES as [Language, ...Language[]]);

/**
 * `embedded`: main starts the reference backend and points every service at it.
 * `custom`: the studio's own hosts, one base URL per service (including its base path).
 */
export const backendModeSchema = z.enum(['embedded', 'custom']);

export const settingsSchema = z.object({
  language: languageSchema,
  backend: backendModeSchema,
  services: z.object(
    Object.fromEntries(SERVICES.map((s) => [s, httpUrl])) as Record<ServiceName, typeof httpUrl>,
  ),
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
});
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;
