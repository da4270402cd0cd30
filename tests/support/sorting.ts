import { expect } from 'vitest';

type Key = string | number;

const compare = (x: Key, y: Key): number => (x < y ? -1 : x > y ? 1 : 0);

/**
 * A list endpoint sorted by one column, checked from outside: ascending it is in the column's
 * order with equal values in id order; descending is its exact reverse (ties broken in the same
 * direction); read two rows a page, the pages put together are the whole list, no row twice or
 * missing. `read` adds the list's own filters, so `rows` are all of it.
 */
export async function expectSortedBothWays<T>(
  read: (input: Record<string, unknown>) => Promise<{ items: T[]; total: number }>,
  sort: string,
  key: (row: T) => Key,
  id: (row: T) => Key,
): Promise<void> {
  const asc = (await read({ sort, order: 'asc', page: 1, pageSize: 100 })).items;
  const expected = [...asc].sort((a, b) => compare(key(a), key(b)) || compare(id(a), id(b)));
  expect(asc.map(id), `${sort} ascending`).toEqual(expected.map(id));
  expect((await read({ sort, page: 1, pageSize: 100 })).items.map(id), `${sort}, asc by default`).toEqual(
    expected.map(id),
  );
  const desc = (await read({ sort, order: 'desc', page: 1, pageSize: 100 })).items;
  expect(desc.map(id), `${sort} descending`).toEqual(expected.map(id).reverse());
  const paged: Key[] = [];
  for (let page = 1; page <= Math.ceil(asc.length / 2); page++)
    paged.push(...(await read({ sort, order: 'desc', page, pageSize: 2 })).items.map(id));
  expect(paged, `${sort} descending, two a page`).toEqual(expected.map(id).reverse());
}
