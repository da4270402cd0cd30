import type { todoFeature } from '../../shared/api/todo.js';
import { insertTodoForEveryone } from './test-kit.js';
import { type RbacCases } from '../../tests/support/rbac-case.js';

/** The RBAC matrix's inputs for the endpoints of todo (server/rbac.test.ts finds them here). */
export const rbacCases: RbacCases<typeof todoFeature> = {
  'todo.list': async () => ({}),
  'todo.page': async () => ({}),
  'todo.create': async (f) => ({
    name: `rbac-${f.unique()}`,
    expireAt: new Date(f.t.clock.now + 86_400_000).toISOString(),
  }),
  'todo.delete': async (f) => ({
    name: await insertTodoForEveryone(f.db, `rbac-${f.unique()}`, f.now()),
  }),
};
