import { z } from 'zod';
import type { EndpointId } from './api/table.js';
import { ENDPOINT_IDS } from './api/table.js';
import { setupInitSchema, type SetupInit } from './api/setup.js';
import { normalizeCombo } from './api/shortcuts.js';
import { APP_COMMANDS } from './commands.js';
import { exportRequestSchema } from './api/exports.js';
import type { RequestChannel, RequestChannels } from './ipc.js';
import { settingsPatchSchema, type SettingsPatch } from './settings-schema.js';

/**
 * What main accepts on each request channel (shared/ipc.ts names them): everything from the
 * renderer is untrusted input. Apart from ipc.ts so that the renderer's bridge, which needs only
 * the channel names and types, does not load zod and every endpoint's schema at start-up.
 */

const none = z
  .null()
  .or(z.undefined())
  .transform(() => null);

export const REQUEST_SCHEMAS: { [K in RequestChannel]: z.ZodType<RequestChannels[K]['input'], unknown> } = {
  'api:call': z.strictObject({
    endpoint: z.enum(ENDPOINT_IDS as [EndpointId, ...EndpointId[]]),
    input: z.unknown(),
  }) as z.ZodType<RequestChannels['api:call']['input'], unknown>,
  'session:get': none,
  'session:login': z.strictObject({
    account: z.string().max(64),
    password: z.string().max(256),
  }),
  'session:logout': none,
  'settings:get': none,
  // The window may not turn the developer tools on: settings:devTools asks main, which asks the operator.
  'settings:set': settingsPatchSchema.omit({ devTools: true }) as z.ZodType<SettingsPatch, unknown>,
  'settings:devTools': z.strictObject({ enabled: z.boolean() }),
  'app:info': none,
  'backend:setup': setupInitSchema as z.ZodType<SetupInit, unknown>,
  'alerts:list': none,
  'app:about': none,
  'app:openLogs': none,
  'updates:get': none,
  'updates:check': none,
  'updates:install': none,
  'ui:dialogs': z.strictObject({ open: z.number().int().min(0).max(1000) }),
  'ui:shortcuts': z.strictObject({
    shortcuts: z
      .partialRecord(
        z.enum(APP_COMMANDS),
        z
          .string()
          .max(40)
          .refine((combo) => normalizeCombo(combo) !== null, 'not a combo a shortcut can use')
          .nullable(),
      )
      .nullable(),
  }),
  'links:take': none,
  'payServer:get': none,
  'payServer:signIn': none,
  'exports:save': z.strictObject({
    id: z.string().min(1).max(64),
    fileName: z.string().trim().min(1).max(200),
    request: exportRequestSchema,
  }) as z.ZodType<RequestChannels['exports:save']['input'], unknown>,
  'exports:cancel': z.strictObject({ id: z.string().min(1).max(64) }),
};
