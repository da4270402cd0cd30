import { afterAll, beforeAll, expect } from 'vitest';
import { ENDPOINTS, type EndpointId } from '../../shared/api/table.js';
import { Codes } from '../../shared/codes.js';
import type { GameId } from '../../shared/games.js';
import type { AuditRow } from '../../server/audit/tables.js';
import { playerIdOf } from '../../server/seed/players.js';
import { startTestBackend, type BackendKind, type Reply, type TestBackend } from './backends.js';

/**
 * What the endpoint tests of one feature share: a test backend (20 players per game), the demo
 * operators signed in, calls by endpoint id that expect success or an error code, and the audit
 * rows they leave.
 */

export type { Page } from '../../server/db/paging.js';

/** The demo operators a kit signs in: ADMIN of every game, Service, a guest, ymmj's admin. */
export type Who = 'admin' | 'service' | 'guest' | 'ymmj';
const WHO: readonly Who[] = ['admin', 'service', 'guest', 'ymmj'];

export class ApiKit {
  readonly tokens: Record<Who, string> = { admin: '', service: '', guest: '', ymmj: '' };
  private backend: TestBackend | undefined;
  private readonly kind: BackendKind;

  constructor(kind: BackendKind) {
    this.kind = kind;
  }

  get t(): TestBackend {
    if (!this.backend) throw new Error('the kit is not open (use it inside a test)');
    return this.backend;
  }

  async open(): Promise<void> {
    this.backend = await startTestBackend(this.kind);
    await this.signIn();
  }

  async close(): Promise<void> {
    await this.backend?.close();
  }

  call<T = unknown>(id: EndpointId, input: Record<string, unknown>, who: Who = 'admin'): Promise<Reply<T>> {
    return this.t.api.call<T>(ENDPOINTS[id], input, this.tokens[who]);
  }

  /** Calls (as admin unless told) and expects success; returns the data. */
  async ok<T = unknown>(id: EndpointId, input: Record<string, unknown>, who: Who = 'admin'): Promise<T> {
    const r = await this.call<T>(id, input, who);
    expect(r.body.Status, `${id} ${JSON.stringify(input)}`).toEqual({ Code: Codes.OK });
    return r.body.Data;
  }

  /** Calls (as admin unless told) and expects that error code; returns the message. */
  async fails(
    id: EndpointId,
    input: Record<string, unknown>,
    code: number,
    who: Who = 'admin',
  ): Promise<string> {
    const r = await this.call(id, input, who);
    expect(r.body.Status.Code, `${id} ${JSON.stringify(input)}: ${r.body.Status.Message ?? ''}`).toBe(code);
    return r.body.Status.Message ?? '';
  }

  /** Moves the server's clock on and signs in again (the tokens may have expired). */
  async advance(seconds: number): Promise<void> {
    this.t.clock.advance(seconds);
    await this.signIn();
  }

  /** The ISO time `seconds` from the server's clock. */
  inSeconds(seconds: number): string {
    return new Date(this.t.clock.now + seconds * 1000).toISOString();
  }

  /** The newest audit entry of an action. */
  lastAudit(action: string): Promise<AuditRow> {
    return this.t.backend.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', action)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
  }

  private async signIn(): Promise<void> {
    const sessions = await Promise.all(WHO.map((who) => this.t.api.login(who)));
    WHO.forEach((who, i) => (this.tokens[who] = sessions[i]?.authToken ?? ''));
  }
}

/** A kit opened before the tests of the surrounding `describe` and closed after them. */
export function useKit(kind: BackendKind): ApiKit {
  const kit = new ApiKit(kind);
  beforeAll(() => kit.open());
  afterAll(() => kit.close());
  return kit;
}

/** The id of seed row g of a game (the tests seed 20 per game). */
export const pid = (game: GameId, g: number): string => playerIdOf(game, g);

/** A player id no seed makes. */
export const NO_PLAYER = '76561190000000001';
