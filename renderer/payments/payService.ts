import { Codes } from '../../shared/codes.js';
import type { EndpointId, InputOf, OutputOf } from '../../shared/api/table.js';
import { bridge } from '../bridge/bridge.js';
import { CallError, unwrap } from '../bridge/result.js';
import { callEndpoint } from '../kit/data.js';

/** The payment service's calls (service 'payment'), which take the pay-server token. */
export type PayServiceCall = Extract<EndpointId, 'pay.do' | 'pay.status' | 'pay.detail' | 'pay.order'>;

/**
 * A call to the payment service. It takes its own sign-in (the pay-server token main keeps):
 * made here when there is none, and once again when the kept one has run out.
 */
export async function callPayService<K extends PayServiceCall>(
  id: K,
  input: InputOf<K>,
): Promise<OutputOf<K>> {
  if (!(await bridge().payServer.get()).signedIn) unwrap(await bridge().payServer.signIn());
  try {
    return await callEndpoint(id, input);
  } catch (err) {
    if (!(err instanceof CallError) || err.code !== Codes.PAY_SERVER_SIGN_IN) throw err;
    unwrap(await bridge().payServer.signIn());
    return callEndpoint(id, input);
  }
}
