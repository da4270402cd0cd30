/**
 * A React key that changes exactly when an object is replaced. Table2 redraws changed cells in
 * batches over several frames, so a new page of rows would show old and new rows mixed for a
 * moment; keying the table on its data makes it draw the new rows at once, as on first mount.
 */
const ids = new WeakMap<object, number>();
let next = 0;

export function identityKey(data: object): number {
  let id = ids.get(data);
  if (id === undefined) {
    id = ++next;
    ids.set(data, id);
  }
  return id;
}
