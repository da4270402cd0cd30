import { listPrefetch, type ListRead } from '../kit/listRead.js';

/**
 * What the to-do list reads, declared once for its screen and for its route, which starts the
 * first page's read as the navigation begins (feature.ts imports this module on its own).
 */
export const TODO_LIST: ListRead<'todo.page'> = { endpoint: 'todo.page', input: {} };

/** The route's prefetch (feature.ts). */
export const todo = listPrefetch(() => TODO_LIST);
