import type { IncomingMessage } from 'node:http';
import { randomBytes } from 'node:crypto';
import { planRequest } from '../../shared/api/endpoint.js';
import { type CodeKind, KIND_CAPABILITY } from '../../shared/api/giftCodes.js';
import { ENDPOINTS } from '../../shared/api/table.js';
import type { Envelope } from '../../shared/envelope.js';
import { SERVICE_BASE_PATHS } from '../../shared/games.js';
import type { Clock } from '../platform/clock.js';
import type { SimulatedGameServer } from '../simulated/game-server.js';
import type { FleetHandlers } from '../simulated/handlers.js';
import { gameServerKey, signRedeem } from './game-server-key.js';

/**
 * The simulated game server's side of a redemption: `POST /redeem {code, playerId, kind?}` (kind
 * `activeCode`, the default, or `shopTicket`) signs the call with the game's key, as a real game
 * server does, sends it to the backend's redeem, and answers with the backend's envelope (HTTP
 * 200 when it redeemed, 409 when refused, 502 when the backend could not be reached).
 */

export interface RedeemRouteOptions {
  /** The backend, http://host:port without a base path. */
  backendUrl: string;
  /** The game's game-server key (gameServerKey). */
  key: Buffer;
  clock: Clock;
  /**
   * Sent with each redeem call: the embedded backend's launch key, for the demo's servers that
   * run inside it (redeemOnFleet). The redeem call is the game servers' own, but
   * an embedded backend answers nobody without the key, and these servers are its own part.
   */
  headers?: Readonly<Record<string, string>>;
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(Buffer.from(c as Buffer));
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
}

function send(res: import('node:http').ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(text);
}

export function addRedeemRoute(server: SimulatedGameServer, opts: RedeemRouteOptions): void {
  server.route('POST', '/redeem', (req, res) => {
    void (async () => {
      let body: { code?: unknown; playerId?: unknown; kind?: unknown };
      try {
        body = (await readJson(req)) as typeof body;
      } catch {
        send(res, 400, { status: 'error', message: 'send JSON: {"code": "...", "playerId": "..."}' });
        return;
      }
      if (typeof body.code !== 'string' || typeof body.playerId !== 'string') {
        send(res, 400, { status: 'error', message: 'code and playerId are text' });
        return;
      }
      const kind: CodeKind = body.kind === 'shopTicket' ? 'shopTicket' : 'activeCode';
      const id = `${KIND_CAPABILITY[kind]}.redeem` as const;
      const m = {
        game: server.spec.game,
        serverId: server.key,
        code: body.code.replace(/[\s-]/g, '').toUpperCase(),
        playerId: body.playerId.trim(),
        ts: opts.clock(),
        nonce: randomBytes(12).toString('base64url'),
      };
      const plan = planRequest(ENDPOINTS[id], { ...m, sig: signRedeem(opts.key, m) });
      try {
        const r = await fetch(`${opts.backendUrl}${SERVICE_BASE_PATHS[plan.service]}${plan.path}`, {
          method: plan.method,
          headers: { ...opts.headers, 'content-type': 'application/json' },
          body: JSON.stringify(plan.body),
        });
        const env = (await r.json()) as Envelope<unknown>;
        send(res, env.Status.Code === 1 ? 200 : 409, env);
      } catch (err) {
        send(res, 502, {
          status: 'error',
          message: `backend not reached: ${err instanceof Error ? err.message : String(err)}`,
        });
      }
    })();
  });
}

/**
 * Gift codes' side of the demo's simulated servers: each redeems codes signed with its game's key
 * and sent to this backend, as a real game server does. Without a secrets key there is no game
 * key, so no /redeem.
 */
export const redeemOnFleet: FleetHandlers = (fleet, setup) => {
  if (!setup.secrets.available) return;
  for (const server of fleet.servers) {
    addRedeemRoute(server, {
      backendUrl: setup.backend.url,
      key: gameServerKey(setup.secrets.key, server.spec.game),
      clock: setup.clock,
      headers: setup.backend.headers,
    });
  }
};
