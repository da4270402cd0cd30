import type { moderationEndpoints } from '../../shared/api/moderation.js';
import type { HandlerMap } from '../http/context.js';
import { bannedHeroesHandlers } from './banned-heroes.js';
import { blacklistHandlers } from './blacklist.js';
import { heroesHandlers } from './heroes.js';
import { specialUsersHandlers } from './special-users.js';
import { testingHandlers } from './testing.js';

/** Moderation (shared/api/moderation.ts): every endpoint of the table, from its own module. */
export const moderationHandlers: HandlerMap<typeof moderationEndpoints> = {
  ...heroesHandlers,
  ...bannedHeroesHandlers,
  ...blacklistHandlers,
  ...specialUsersHandlers,
  ...testingHandlers,
};
