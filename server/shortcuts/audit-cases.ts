import { expect } from 'vitest';
import { Codes } from '../../shared/codes.js';
import type { AuditCases } from '../../tests/support/audit-case.js';
import { DEMO_OPERATORS } from '../seed/operators.js';

/**
 * The audit case of the shortcut preferences, for server/audit/audit.test.ts (which signs in as
 * the demo super-admin): a save that succeeds, one refused after sign-in (two commands on the same
 * keys), and what before and after hold. Saving is open to every signed-in operator.
 */

const superPhone = DEMO_OPERATORS.find((o) => o.name === 'super')?.phone ?? '';

export const auditCases: AuditCases = {
  'shortcuts.save': {
    ok: async () => ({
      input: { shortcuts: { playerSearch: 'Alt+Mod+P', about: 'f1' }, pinned: ['home', 'admin.users'] },
      target: superPhone,
      reason: null,
    }),
    // The palette's default is mod+k; giving it to player search as well is refused, and recorded.
    error: async () => ({
      input: { shortcuts: { playerSearch: 'mod+k' }, pinned: [] },
      code: Codes.VALIDATION,
    }),
    check: (before, after) => {
      expect(before).toBeNull();
      expect(after).toMatchObject({
        shortcuts: { playerSearch: 'mod+alt+p', about: 'f1', commandPalette: 'mod+k' },
        custom: ['playerSearch', 'about'],
        pinned: ['home', 'admin.users'],
      });
    },
  },
};
