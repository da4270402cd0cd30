import { describe, expect, it } from 'vitest';
import { byCodeUnits, orderByNeeds } from './order.js';

const ids = (items: readonly { id: string }[]) => items.map((i) => i.id);

describe('orderByNeeds', () => {
  it('puts every item after what it needs, and the rest by id, whatever order they came in', () => {
    const items = [
      { id: 'reports', needs: ['orders', 'players'] },
      { id: 'auth' },
      { id: 'orders', needs: ['players'] },
      { id: 'players' },
      { id: 'moderation', needs: ['players'] },
    ];
    const expected = ['auth', 'players', 'moderation', 'orders', 'reports'];
    expect(ids(orderByNeeds(items))).toEqual(expected);
    expect(ids(orderByNeeds([...items].reverse()))).toEqual(expected);
  });

  it('refuses an id listed twice, a need nobody has and a circle, naming them', () => {
    expect(() => orderByNeeds([{ id: 'a' }, { id: 'a' }])).toThrow('a is listed twice');
    expect(() => orderByNeeds([{ id: 'a', needs: ['ghost'] }])).toThrow('a needs ghost, which is not listed');
    expect(() => orderByNeeds([{ id: 'a', needs: ['b'] }, { id: 'b', needs: ['a'] }, { id: 'c' }])).toThrow(
      'needs go round in a circle among a, b',
    );
  });

  it('compares ids by code units, the same in every locale', () => {
    expect(['b', 'B', 'a', 'ä'].sort(byCodeUnits)).toEqual(['B', 'a', 'b', 'ä']);
  });
});
