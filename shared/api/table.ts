import type { z } from 'zod';
import { FEATURES } from '../features.js';
import type { Endpoint } from './endpoint.js';

/**
 * The endpoint table: every backend call, by id, made from the feature modules of features.ts.
 * An id is `<capability>.<action>`, and that one name is used in every layer: the server's audit
 * action, the renderer's texts and query keys.
 */

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void
  ? I
  : never;
type Table = UnionToIntersection<(typeof FEATURES)[number]['endpoints']>;

function buildTable(): Table {
  const table: Record<string, Endpoint> = {};
  for (const f of FEATURES) {
    for (const [id, ep] of Object.entries(f.endpoints)) {
      if (Object.prototype.hasOwnProperty.call(table, id))
        throw new Error(`endpoint ${id} is declared twice`);
      table[id] = ep;
    }
  }
  return table as Table;
}

export const ENDPOINTS = buildTable();

export type EndpointTable = typeof ENDPOINTS;
export type EndpointId = keyof EndpointTable & string;
export type InputOf<K extends EndpointId> = z.input<EndpointTable[K]['input']>;
export type ParsedInputOf<K extends EndpointId> = z.output<EndpointTable[K]['input']>;
export type OutputOf<K extends EndpointId> = z.output<EndpointTable[K]['output']>;

export const ENDPOINT_IDS = Object.keys(ENDPOINTS) as EndpointId[];

export function isEndpointId(id: unknown): id is EndpointId {
  return typeof id === 'string' && Object.prototype.hasOwnProperty.call(ENDPOINTS, id);
}
