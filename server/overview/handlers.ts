import type { overviewEndpoints } from '../../shared/api/overview.js';
import { signedInOf, type HandlerMap } from '../http/context.js';
import { briefInfo } from './brief.js';

export const overviewHandlers: HandlerMap<typeof overviewEndpoints> = {
  'overview.brief': (_input, ctx) => {
    const { operator } = signedInOf(ctx);
    return briefInfo(ctx.db, { id: operator.id, roles: operator.roles }, ctx.now);
  },
};
