import type { shortcutsFeature } from '../../shared/api/shortcuts.js';
import { type RbacCases } from '../../tests/support/rbac-case.js';

/** The RBAC matrix's inputs for the endpoints of shortcuts (server/rbac.test.ts finds them here). */
export const rbacCases: RbacCases<typeof shortcutsFeature> = {
  'shortcuts.get': async () => ({}),
  // Home is the one page every caller may pin, whatever their roles.
  'shortcuts.save': async () => ({ shortcuts: { playerSearch: 'mod+alt+p', about: null }, pinned: ['home'] }),
};
