import type { GameId } from '../../shared/games.js';
import type { TestBackend } from './backends.js';

/**
 * One audited endpoint's case for server/audit/audit.test.ts (which checks every audited endpoint
 * has one): a call that succeeds, one that fails after sign-in, and what before and after must
 * hold. Features keep their cases beside their code (server/<feature>/audit-cases.ts, exported as
 * `auditCases`), where the audit test finds them.
 */
export interface AuditCase {
  ok(
    t: TestBackend,
    token: string,
  ): Promise<{ input: Record<string, unknown>; target: string; reason: string | null; game?: GameId }>;
  error(t: TestBackend, token: string): Promise<{ input: Record<string, unknown>; code: number }>;
  check(before: unknown, after: unknown): void;
}

/**
 * An audited public call: recorded under whom it acted as (no caller is signed in), which the
 * generic case cannot know; the test file named checks its entries.
 */
export interface PublicAuditCase {
  checkedIn: string;
}

export type AuditCases = Record<string, AuditCase | PublicAuditCase>;

export function isPublicCase(c: AuditCase | PublicAuditCase): c is PublicAuditCase {
  return 'checkedIn' in c;
}
