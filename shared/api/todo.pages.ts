import { SIGNED_IN } from '../roles.js';
import { featurePages, fixedRoute } from '../pages.js';

/**
 * Who may open the todo feature's pages and where they sit in the menu (its contract is
 * ./todo.ts). Kept apart from the endpoints, so that the rules read on their own.
 */
export const todoPages = featurePages({
  id: 'todo',
  routes: [
    fixedRoute('todo.list', '/admin/todo', 'main', SIGNED_IN, { group: 'todo', order: 10 }),
    fixedRoute('todo.create', '/admin/todo/todoCreate', 'main', SIGNED_IN, { group: 'todo', order: 20 }),
  ],
});
