import { reasonSchema } from '../../shared/api/endpoint.js';

/** The server's rule for a reason (2 to 500 characters), checked before sending. */
export function isReasonValid(reason: string): boolean {
  return reasonSchema.safeParse(reason).success;
}
