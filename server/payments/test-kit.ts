import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { jsonValue, type Database } from '../db/schema.js';
import { ENDPOINTS, type EndpointId } from '../../shared/api/table.js';
import { Codes } from '../../shared/codes.js';
import type { OrderDetail, Provider } from '../../shared/api/orders.js';
import { NOTIFY_PATH } from './routes.js';
import { playerIdOf } from '../seed/players.js';
import { open } from '../platform/seal.js';
import { secretsKeyOf, type SecretsKeyState } from '../platform/secrets-key.js';
import { startTestBackend, type BackendKind, type TestBackend } from '../../tests/support/backends.js';
import type { ProviderKeys } from './keys.js';
import { PROVIDER_MODULES, sandboxNoticeKey } from './notify.js';
import type { ProviderModule, SandboxNotice } from './providers/types.js';

/**
 * A backend for payment tests and the bench: a secrets key the test knows (so it can read the
 * sandbox's keys and sign notices as the provider would), the pay-server session of a SUPER, and
 * helpers to open an order, start its checkout and post notices to the notify route.
 */
export class PayKit {
  readonly secrets = secretsKeyOf(randomBytes(32), 'given');
  t!: TestBackend;
  session = '';
  payToken = '';
  private n = 0;

  async open(kind: BackendKind, launchKey?: string, secrets: SecretsKeyState = this.secrets): Promise<void> {
    this.t = await startTestBackend(kind, {
      secretsKey: secrets,
      seedPlayers: 20,
      ...(launchKey !== undefined ? { launchKey } : {}),
    });
    await this.signIn();
  }

  async signIn(): Promise<void> {
    this.session = (await this.t.api.login('super')).authToken;
    const r = await this.t.api.call<{ token: string }>(ENDPOINTS['payServer.signIn'], {}, this.session);
    if (r.body.Status.Code !== Codes.OK)
      throw new Error(`pay-server sign-in: ${JSON.stringify(r.body.Status)}`);
    this.payToken = r.body.Data.token;
  }

  close(): Promise<void> {
    return this.t.close();
  }

  /** An endpoint call with the right bearer for its service. */
  call<T = unknown>(id: EndpointId, input: Record<string, unknown>) {
    const ep = ENDPOINTS[id];
    return this.t.api.call<T>(ep, input, ep.service === 'payment' ? this.payToken : this.session);
  }

  async ok<T = unknown>(id: EndpointId, input: Record<string, unknown>): Promise<T> {
    const r = await this.call<T>(id, input);
    if (r.body.Status.Code !== Codes.OK) throw new Error(`${id}: ${JSON.stringify(r.body.Status)}`);
    return r.body.Data;
  }

  requestId(): string {
    this.n += 1;
    return `req-${randomBytes(4).toString('hex')}-${this.n}`;
  }

  /** A new purchase order of ymmj's first pack, paying with `provider`. */
  async payingOrder(
    provider: Provider,
    player = 1,
  ): Promise<{ order: OrderDetail; providerRef: string; checkoutUrl: string }> {
    const order = await this.ok<OrderDetail>('pay.order', {
      game: 'ymmj',
      playerId: playerIdOf('ymmj', player),
      productId: 22001,
      requestId: this.requestId(),
    });
    const started = await this.ok<{ providerRef: string; checkoutUrl: string }>('pay.do', {
      provider,
      orderId: order.orderId,
    });
    return { order, ...started };
  }

  /** The sandbox's keys of a provider, as the backend stored them. */
  async keys<P extends Provider>(p: P): Promise<ProviderKeys[P]> {
    const row = await this.t.backend.database.db
      .selectFrom('pay_sandbox_keys')
      .selectAll()
      .where('provider', '=', p)
      .executeTakeFirstOrThrow();
    if (!this.secrets.available) throw new Error('no secrets key');
    return JSON.parse(
      open(this.secrets.key, row.keys_sealed, `gameops pay sandbox keys|${p}`),
    ) as ProviderKeys[P];
  }

  /** A notice for an order as the provider would sign it (defaults: paid in full, now). */
  async signed<P extends Provider>(
    p: P,
    o: { order: OrderDetail; providerRef: string },
    over: Partial<SandboxNotice> = {},
  ) {
    const mod = PROVIDER_MODULES[p] as ProviderModule<ProviderKeys[P]>;
    return mod.sign(
      {
        orderId: o.order.orderId,
        providerRef: o.providerRef,
        amount: o.order.amount,
        currency: o.order.currency,
        paid: true,
        noticeKey: sandboxNoticeKey(p),
        at: new Date(this.t.clock.now),
        ...over,
      },
      await this.keys(p),
    );
  }

  /**
   * POSTs a signed request to the notify route (with the embedded backend's launch key, as its
   * own sandbox sends it, when the backend has one); returns the status and the answer's text.
   */
  async post(p: Provider, req: { headers: Record<string, string>; contentType: string; body: string }) {
    const res = await fetch(`${this.t.backend.url}${NOTIFY_PATH}/${p}`, {
      method: 'POST',
      headers: { ...this.t.api.headers, ...req.headers, 'content-type': req.contentType },
      body: req.body,
    });
    return { status: res.status, text: await res.text() };
  }
}

/**
 * A notice stored for an order, straight in the table (the RBAC matrix, audit cases): its
 * signature is not PayPal's, so a resend verifies it again and records badSignature.
 */
export async function insertTestNotice(
  db: Kysely<Database>,
  o: { orderId: string | null; provider?: Provider; at: Date },
): Promise<number> {
  const row = await db
    .insertInto('payment_notices')
    .values({
      provider: o.provider ?? 'paypal',
      order_id: o.orderId,
      provider_ref: null,
      notice_key: null,
      received_at: o.at,
      outcome: 'badSignature',
      detail: 'stored by a test',
      raw: jsonValue({ headers: {}, contentType: 'application/json', body: '{}' }) ?? '{}',
      resent: false,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
