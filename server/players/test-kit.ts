import { expect } from 'vitest';
import { ENDPOINTS, type EndpointId } from '../../shared/api/table.js';
import { Codes } from '../../shared/codes.js';
import type { GameId } from '../../shared/games.js';
import { playerIdOf } from '../seed/players.js';
import {
  startTestBackend,
  type BackendKind,
  type Reply,
  type TestBackend,
} from '../../tests/support/backends.js';

/** What the players test files share: a backend (20 players per game), tokens, and calls. */

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

type Who = 'admin' | 'service' | 'guest' | 'ymmj';

export interface PlayersKit {
  t: TestBackend;
  tokens: Record<Who, string>;
  call<T = unknown>(id: EndpointId, input: Record<string, unknown>, who?: Who): Promise<Reply<T>>;
  /** Calls (as admin unless told) and expects success; returns the data. */
  ok<T = unknown>(id: EndpointId, input: Record<string, unknown>, who?: Who): Promise<T>;
  /** Calls and expects that error code; returns the message. */
  fails(id: EndpointId, input: Record<string, unknown>, code: number, who?: Who): Promise<string>;
  /** Moves the server's clock on and signs in again (tokens may have expired). */
  advance(seconds: number): Promise<void>;
  close(): Promise<void>;
}

export const pid = (game: GameId, g: number): string => playerIdOf(game, g);

export async function openKit(kind: BackendKind): Promise<PlayersKit> {
  const t = await startTestBackend(kind);
  const tokens: Record<Who, string> = { admin: '', service: '', guest: '', ymmj: '' };
  const signIn = async () => {
    const names: Who[] = ['admin', 'service', 'guest', 'ymmj'];
    const sessions = await Promise.all(names.map((n) => t.api.login(n)));
    names.forEach((n, i) => (tokens[n] = sessions[i]?.authToken ?? ''));
  };
  await signIn();
  const call = <T = unknown>(id: EndpointId, input: Record<string, unknown>, who: Who = 'admin') =>
    t.api.call<T>(ENDPOINTS[id], input, tokens[who]);
  return {
    t,
    tokens,
    call,
    async ok<T = unknown>(id: EndpointId, input: Record<string, unknown>, who: Who = 'admin'): Promise<T> {
      const r = await call<T>(id, input, who);
      expect(r.body.Status, `${id} ${JSON.stringify(input)}`).toEqual({ Code: Codes.OK });
      return r.body.Data;
    },
    async fails(id, input, code, who = 'admin') {
      const r = await call(id, input, who);
      expect(r.body.Status.Code, `${id} ${JSON.stringify(input)}: ${r.body.Status.Message ?? ''}`).toBe(code);
      return r.body.Status.Message ?? '';
    },
    async advance(seconds) {
      t.clock.advance(seconds);
      await signIn();
    },
    close: () => t.close(),
  };
}
