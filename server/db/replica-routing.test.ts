import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint } from '../../shared/api/endpoint.js';
import { ADMIN_ONLY } from '../../shared/roles.js';
import Fastify from 'fastify';
import type { HandlerMap, ServerDeps } from '../http/context.js';
import { endpointSet, registerEndpoints } from '../http/endpoints.js';
import { collectAuthenticators } from '../http/authenticate.js';
import { SERVER_FEATURES } from '../features.js';
import { isReplicaLoss } from './replica.js';

/**
 * What reads from the replica, decided without one: only plain reads may be declared so (the
 * server refuses to start otherwise); which failures of a replica read count as the replica gone (then the primary answers) and which are
 * the read's own. The replica itself is tested in replica.test.ts (PostgreSQL).
 */

const table = {
  'test.change': endpoint({
    service: 'admin',
    method: 'POST',
    path: '/test/change',
    summary: 'a change',
    access: ADMIN_ONLY,
    audit: true,
    input: z.strictObject({ reason: z.string() }),
    output: z.object({ done: z.boolean() }),
  }),
  'test.read': endpoint({
    service: 'admin',
    method: 'GET',
    path: '/test/read',
    summary: 'a read',
    access: ADMIN_ONLY,
    input: z.strictObject({}),
    output: z.object({ done: z.boolean() }),
  }),
};
const handlers: HandlerMap<typeof table> = {
  'test.change': async () => ({ done: true }),
  'test.read': async () => ({ done: true }),
};

describe('which reads may go to a replica', () => {
  it('refuses to register a change as a read from the replica, and registers a plain read', async () => {
    const register = (replicaReads: string[]) =>
      registerEndpoints(
        Fastify(),
        // Registration only lays out routes: nothing of the server is used until a call arrives.
        {} as ServerDeps,
        [{ ...endpointSet(table, handlers), replicaReads }],
        { bodyLimit: 1024, validateOutput: true, authenticators: collectAuthenticators(SERVER_FEATURES) },
      );
    expect(() => register(['test.read', 'test.change'])).toThrow(
      'endpoint test.change changes data: it cannot read from the replica (replicaReads)',
    );
    expect(register(['test.read']).map((r) => r.id)).toEqual(['test.change', 'test.read']);
  });

  it('counts a lost connection as the replica gone, and a fault of the read as the read’s own', () => {
    const pgError = (code: string, message = 'failed') => Object.assign(new Error(message), { code });
    expect(isReplicaLoss(pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5433'))).toBe(true);
    expect(isReplicaLoss(pgError('57P01', 'terminating connection due to administrator command'))).toBe(true);
    expect(isReplicaLoss(pgError('08006', 'connection failure'))).toBe(true);
    expect(isReplicaLoss(pgError('40001', 'canceling statement due to conflict with recovery'))).toBe(true);
    expect(isReplicaLoss(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isReplicaLoss(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isReplicaLoss(pgError('42P01', 'relation "nothing" does not exist'))).toBe(false);
    expect(isReplicaLoss(pgError('22P02', 'invalid input syntax for type integer'))).toBe(false);
    expect(isReplicaLoss('a string')).toBe(false);
  });
});
