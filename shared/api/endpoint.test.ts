import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SIGNED_IN, canAccess } from '../roles.js';
import { endpoint, endpointAccess, planRequest, routePattern } from './endpoint.js';
import { ENDPOINTS } from './table.js';
import { gameIdSchema } from '../games.js';

const gameRead = endpoint({
  service: 'game',
  method: 'GET',
  path: '/player/:id',
  summary: 'test',
  access: SIGNED_IN,
  input: z.strictObject({ game: gameIdSchema, id: z.string(), fresh: z.coerce.boolean().optional() }),
  output: z.unknown(),
});

describe('endpoint mechanism', () => {
  it('puts a GET input in the path and the query string', () => {
    expect(planRequest(ENDPOINTS['users.list'], { page: 2, pageSize: 20, q: 'a b' })).toEqual({
      service: 'admin',
      method: 'GET',
      path: '/admin/users?page=2&pageSize=20&q=a+b',
    });
    expect(planRequest(ENDPOINTS['users.delete'], { phone: '+861', reason: 'left' }).path).toBe(
      '/admin/user/%2B861/delete?reason=left',
    );
  });

  it('puts a POST input in the body', () => {
    expect(planRequest(ENDPOINTS['auth.login'], { account: 'a', password: 'p' })).toEqual({
      service: 'admin',
      method: 'POST',
      path: '/admin/login',
      body: { account: 'a', password: 'p' },
    });
  });

  it("sends a game endpoint to the game's own service and prefix", () => {
    expect(planRequest(gameRead, { game: 'atomicwar', id: '7' })).toEqual({
      service: 'admin',
      method: 'GET',
      path: '/atomicwar/player/7',
    });
    expect(planRequest(gameRead, { game: 'ymmj', id: '7', fresh: true }).path).toBe('/player/7?fresh=true');
    expect(planRequest(gameRead, { game: 'ymmj', id: '7' }).service).toBe('pve');
    expect(routePattern(gameRead, 'party')).toBe('/api/v1/party/player/:id');
    expect(routePattern(ENDPOINTS['auth.login'])).toBe('/api/v1/sr/admin/login');
  });

  it("adds the game's role to a game endpoint's access", () => {
    expect(canAccess(['ADMIN'], endpointAccess(gameRead, 'lw'))).toBe(false);
    expect(canAccess(['ADMIN', 'LORDWAR'], endpointAccess(gameRead, 'lw'))).toBe(true);
  });

  it('marks every mutating endpoint of the table for the audit log', () => {
    for (const [id, ep] of Object.entries(ENDPOINTS)) {
      if (ep.method !== 'GET' && !id.startsWith('auth.')) expect(ep.audit, id).toBeTruthy();
    }
  });
});
