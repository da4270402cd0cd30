import type { EndpointId } from '../../shared/api/table.js';

/** The player actions of the detail header, each one audited endpoint. */
export const PLAYER_ACTIONS = ['delete', 'activate', 'clearCache'] as const;
export type PlayerAction = (typeof PLAYER_ACTIONS)[number];

export const ACTION_ENDPOINT = {
  delete: 'players.delete',
  activate: 'players.activate',
  clearCache: 'players.clearCache',
} as const satisfies Record<PlayerAction, EndpointId>;
