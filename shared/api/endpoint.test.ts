import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SIGNED_IN, canAccess } from '../roles.js';
import {
  endpoint,
  endpointAccess,
  intParam,
  parseEndpointInput,
  planRequest,
  routePattern,
  under,
} from './endpoint.js';
import { ENDPOINTS } from './table.js';
import { gameIdSchema } from '../ids-schema.js';

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
  });

  it('puts a DELETE input after the path in the body: a reason never travels in a URL', () => {
    expect(planRequest(ENDPOINTS['users.delete'], { phone: '+861', reason: 'left' })).toEqual({
      service: 'admin',
      method: 'DELETE',
      path: '/admin/user/%2B861/delete',
      body: { reason: 'left' },
    });
  });

  it('sends no operator text in any URL: only GET uses the query string, and no GET takes a reason or note', () => {
    for (const [id, ep] of Object.entries(ENDPOINTS)) {
      if (ep.method !== 'GET') continue;
      for (const field of ['reason', 'note', 'desc', 'description', 'password'])
        expect(Object.keys(ep.input.shape), `${id} takes ${field} in its query`).not.toContain(field);
    }
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

  it("keeps a public game endpoint public (a game server's call has no operator)", () => {
    expect(endpointAccess(ENDPOINTS['giftCodes.redeem'], 'ymmj')).toEqual({ kind: 'public' });
  });

  it('marks every mutating endpoint of the table for the audit log', () => {
    for (const [id, ep] of Object.entries(ENDPOINTS)) {
      // A game server's code redemption is recorded as a redemption (server/giftCodes), not an operator's action.
      if (ep.method !== 'GET' && !id.startsWith('auth.') && !id.endsWith('.redeem'))
        expect(ep.audit, id).toBeTruthy();
    }
  });
});

describe('families of endpoints', () => {
  it('are named under their prefix, each entry kept as it is', () => {
    const batches = { path: '/a' };
    const made = under('giftCodes', { batches, redeem: 1 });
    expect(made).toEqual({ 'giftCodes.batches': batches, 'giftCodes.redeem': 1 });
    expect(made['giftCodes.batches']).toBe(batches);
    // Both families of gift codes are in the table, under their names.
    expect(Object.keys(ENDPOINTS).filter((k) => k.startsWith('shopTickets.')).length).toBe(
      Object.keys(ENDPOINTS).filter((k) => k.startsWith('giftCodes.')).length,
    );
    expect(ENDPOINTS['shopTickets.redeem'].path).toBe('/shopTicket/redeem');
  });
});

describe('whole numbers in a query', () => {
  const n = intParam({ min: 1, max: 200 });
  it('takes JSON numbers and decimal digits', () => {
    expect(n.parse(16)).toBe(16);
    expect(n.parse('16')).toBe(16);
    expect(n.parse('007')).toBe(7);
  });

  it('refuses hex, signs, spaces, exponents, fractions, empty text and out-of-range values', () => {
    for (const bad of ['0x10', ' 1', '1 ', '+1', '-1', '1e2', '1.0', '', '0', '201', 1.5, 0, 'ten'])
      expect(n.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });

  it('is what every paged endpoint reads its page with', () => {
    const ep = ENDPOINTS['users.list'];
    expect(parseEndpointInput(ep, { page: '0x10' }).success).toBe(false);
    expect(parseEndpointInput(ep, { page: ' 1' }).success).toBe(false);
    expect(parseEndpointInput(ep, { page: '2' })).toMatchObject({ success: true, data: { page: 2 } });
  });
});

describe('the text rule', () => {
  it('refuses a NUL or another control character anywhere in an input, keys included, naming the field', () => {
    const ep = ENDPOINTS['users.update'];
    const res = parseEndpointInput(ep, { phone: '13800000001', reason: 'a\u0000b' });
    expect(res).toMatchObject({ success: false, issues: [{ path: 'reason' }] });
    expect(parseEndpointInput(ep, { phone: '13800000001', reason: 'ok', 'x\u0001': 1 }).success).toBe(false);
    expect(parseEndpointInput(ENDPOINTS['users.list'], { q: 'ab\u001bc' }).success).toBe(false);
  });

  it('refuses broken Unicode (a lone surrogate half)', () => {
    const res = parseEndpointInput(ENDPOINTS['users.list'], { q: 'a\ud800' });
    expect(res.success).toBe(false);
  });

  it('lets tabs, new lines and any script through', () => {
    const res = parseEndpointInput(ENDPOINTS['users.update'], {
      phone: '13800000001',
      reason: '封禁\t原因\r\n第二行 😀',
    });
    expect(res.success).toBe(true);
  });
});
