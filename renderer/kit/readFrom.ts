import type { TFunction } from 'i18next';
import type { ReadFrom } from '../../shared/api/read-from.js';

/**
 * What a report, statistics or a board says of where its figures were read (shared/api/read-from.ts): how old
 * they may be when a read replica answered, or that they are current because the primary did and
 * why. Null without a replica: the figures are current and there is nothing to say.
 */
export function readFromText(t: TFunction, from: ReadFrom | undefined): string | null {
  if (!from) return null;
  // Whole seconds: the delay is measured every few seconds, a fraction would promise more.
  const n = Math.round(from.lagSec ?? 0);
  if (from.source === 'replica') return t('kit.readFrom.replica', { n });
  return t(`kit.readFrom.${from.reason}`, { n });
}
