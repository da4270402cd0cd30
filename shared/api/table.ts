import type { z } from 'zod';
import { authEndpoints } from './auth.js';
import { usersEndpoints } from './users.js';
import { playersEndpoints } from './players.js';
import { moderationEndpoints } from './moderation.js';
import type { Endpoint } from './endpoint.js';

/**
 * The endpoint table: every backend call, by id. A feature adds its own file beside auth.ts and
 * spreads it in here; nothing else needs to know about it.
 */
export const ENDPOINTS = {
  ...authEndpoints,
  ...usersEndpoints,
  ...playersEndpoints,
  ...moderationEndpoints,
} satisfies Record<string, Endpoint>;

export type EndpointTable = typeof ENDPOINTS;
export type EndpointId = keyof EndpointTable;
export type InputOf<K extends EndpointId> = z.input<EndpointTable[K]['input']>;
export type ParsedInputOf<K extends EndpointId> = z.output<EndpointTable[K]['input']>;
export type OutputOf<K extends EndpointId> = z.output<EndpointTable[K]['output']>;

export const ENDPOINT_IDS = Object.keys(ENDPOINTS) as EndpointId[];

export function isEndpointId(id: unknown): id is EndpointId {
  return typeof id === 'string' && Object.prototype.hasOwnProperty.call(ENDPOINTS, id);
}
