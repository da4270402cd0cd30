import { z } from 'zod';
import { GAME_IDS, SERVICES } from './games.js';
import { ROLES } from './roles.js';

/**
 * The zod enums of the registry's ids, for the contract's schemas. Apart from games.ts and
 * roles.ts, which the renderer's first paint reads, so that those do not load zod.
 */
export const gameIdSchema = z.enum(GAME_IDS);
export const serviceSchema = z.enum(SERVICES);
export const roleSchema = z.enum(ROLES);
