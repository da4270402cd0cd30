/** Strings in code-unit order: the same on every machine and in every locale (unlike localeCompare). */
export const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Something with an id that may need others (by id) to come before it. */
export interface Ordered {
  id: string;
  needs?: readonly string[];
}

/**
 * Items in an order that puts each after the items it needs, and otherwise by id: the same order
 * however the items were listed (a feature list's order says nothing). Refuses an id given twice,
 * a need no item has and needs that go round in a circle, naming them.
 */
export function orderByNeeds<T extends Ordered>(items: readonly T[]): T[] {
  const byId = new Map<string, T>();
  for (const item of items) {
    if (byId.has(item.id)) throw new Error(`${item.id} is listed twice`);
    byId.set(item.id, item);
  }
  for (const item of items)
    for (const need of item.needs ?? [])
      if (!byId.has(need)) throw new Error(`${item.id} needs ${need}, which is not listed`);
  const placed = new Set<string>();
  const out: T[] = [];
  const waiting = [...items].sort((a, b) => byCodeUnits(a.id, b.id));
  while (waiting.length > 0) {
    // The first (by id) whose needs are all placed: Kahn's order, ties by id.
    const next = waiting.findIndex((item) => (item.needs ?? []).every((n) => placed.has(n)));
    if (next < 0) throw new Error(`needs go round in a circle among ${waiting.map((i) => i.id).join(', ')}`);
    const [item] = waiting.splice(next, 1) as [T];
    placed.add(item.id);
    out.push(item);
  }
  return out;
}
