import { z } from 'zod';

/**
 * Sorting of a list endpoint, declared once per endpoint: the columns an operator may sort by
 * (each backed by an index on the server) and the direction. A list without `sort` keeps its own
 * order (newest first, say); the server always breaks ties by the row's id so pages never
 * overlap. The URL of a list carries the same two values (`sort`, `order`).
 */
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export function sortInput<C extends string>(columns: readonly [C, ...C[]]) {
  const names = columns.join(', ');
  return {
    sort: z.enum(columns, { error: `sort by one of: ${names}` }).optional(),
    order: z.enum(SORT_ORDERS, { error: 'order is asc or desc' }).optional(),
  };
}

/** The columns an endpoint's input lets a list sort by, from its schema (none: not sortable). */
export function sortColumnsOf(input: z.ZodObject): readonly string[] {
  const sort = input.shape['sort'];
  if (!sort) return [];
  const inner = sort instanceof z.ZodOptional ? sort.unwrap() : sort;
  return inner instanceof z.ZodEnum ? (inner.options as string[]) : [];
}
