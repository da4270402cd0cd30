import { expect } from 'vitest';
import { ENDPOINTS, type EndpointId } from '../../shared/api/table.js';
import { Codes } from '../../shared/codes.js';
import type { GameId } from '../../shared/games.js';
import type { AuditRow } from '../db/schema.js';
import { playerIdOf } from '../seed/players.js';
import {
  startTestBackend,
  type BackendKind,
  type Reply,
  type TestBackend,
} from '../../tests/support/backends.js';

/** What the moderation test files share: a backend, the operators' tokens, calls and audit rows. */

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export interface ModerationKit {
  t: TestBackend;
  tokens: { admin: string; service: string; ymmj: string };
  call<T = unknown>(id: EndpointId, input: Record<string, unknown>, token?: string): Promise<Reply<T>>;
  /** Calls as admin and expects success; returns the data. */
  ok<T = unknown>(id: EndpointId, input: Record<string, unknown>, token?: string): Promise<T>;
  /** Calls as admin and expects that error code; returns the message. */
  fails(id: EndpointId, input: Record<string, unknown>, code: number, token?: string): Promise<string>;
  /** Moves the server's clock on; signs the operators in again, as their tokens may have expired. */
  advance(seconds: number): Promise<void>;
  /** The newest audit entry of an action. */
  lastAudit(action: string): Promise<AuditRow>;
  close(): Promise<void>;
}

export async function openKit(kind: BackendKind): Promise<ModerationKit> {
  const t = await startTestBackend(kind);
  const tokens = { admin: '', service: '', ymmj: '' };
  const signIn = async () => {
    const [admin, service, ymmj] = await Promise.all([
      t.api.login('admin'),
      t.api.login('service'),
      t.api.login('ymmj'),
    ]);
    Object.assign(tokens, { admin: admin.authToken, service: service.authToken, ymmj: ymmj.authToken });
  };
  await signIn();
  const call = <T = unknown>(id: EndpointId, input: Record<string, unknown>, token?: string) =>
    t.api.call<T>(ENDPOINTS[id], input, token ?? tokens.admin);
  return {
    t,
    tokens,
    call,
    async ok<T = unknown>(id: EndpointId, input: Record<string, unknown>, token?: string): Promise<T> {
      const r = await call<T>(id, input, token);
      expect(r.body.Status, `${id} ${JSON.stringify(input)}`).toEqual({ Code: Codes.OK });
      return r.body.Data;
    },
    async fails(
      id: EndpointId,
      input: Record<string, unknown>,
      code: number,
      token?: string,
    ): Promise<string> {
      const r = await call(id, input, token);
      expect(r.body.Status.Code, `${id} ${JSON.stringify(input)}: ${r.body.Status.Message ?? ''}`).toBe(code);
      return r.body.Status.Message ?? '';
    },
    async advance(seconds) {
      t.clock.advance(seconds);
      await signIn();
    },
    lastAudit: (action) =>
      t.backend.database.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', action)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirstOrThrow(),
    close: () => t.close(),
  };
}

/** Seed row g of a game (the tests seed 20 per game). */
export const pid = (game: GameId, g: number) => playerIdOf(game, g);

/** A player id no seed makes. */
export const NO_PLAYER = '76561190000000001';

/** The ISO time `seconds` from the test clock's now. */
export const inSeconds = (t: TestBackend, seconds: number) =>
  new Date(t.clock.now + seconds * 1000).toISOString();
