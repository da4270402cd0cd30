import { describe, expect, it } from 'vitest';
import { diffSummary, jsonDiff } from './diff.js';

describe('the difference of an entry', () => {
  it('says each leaf is the same, changed, added or removed, by its path', () => {
    const rows = jsonDiff(
      { name: 'a', roles: ['GUEST'], level: 3, gone: true },
      { name: 'a', roles: ['GUEST', 'ADMIN'], level: 4 },
    );
    expect(rows).toEqual([
      { path: 'name', kind: 'same', before: '"a"', after: '"a"' },
      { path: 'roles[0]', kind: 'same', before: '"GUEST"', after: '"GUEST"' },
      { path: 'level', kind: 'changed', before: '3', after: '4' },
      { path: 'gone', kind: 'removed', before: 'true' },
      { path: 'roles[1]', kind: 'added', after: '"ADMIN"' },
    ]);
    expect(diffSummary(rows)).toEqual({ same: 2, changed: 1, added: 1, removed: 1 });
  });

  it('treats a missing side as nothing (a create, a delete) and names odd keys safely', () => {
    expect(jsonDiff(null, { 'odd key': [] })).toEqual([{ path: '["odd key"]', kind: 'added', after: '[]' }]);
    expect(jsonDiff({ a: 1 }, null)).toEqual([{ path: 'a', kind: 'removed', before: '1' }]);
    expect(jsonDiff(null, undefined)).toEqual([]);
  });
});
