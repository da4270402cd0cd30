import { describe, expect, it } from 'vitest';
import type { Equipment } from '../../shared/api/players.js';
import {
  attrText,
  equipmentTitleFigures,
  equipmentView,
  equipmentViewsOnDemand,
  parseEquipmentView,
} from './equipment.js';

const item: Equipment = {
  id: 'eq-1',
  eqID: 50012,
  name: 'Dragon Blade',
  quality: 'legendary',
  level: 12,
  power: 15230,
  baseAttrs: ['ATK +120', 'DEF +40'],
  extraAttrs: ['CRIT 5%'],
  suitAttrs: [],
};

describe('equipment widget formatting', () => {
  it('makes every display string of a row once', () => {
    expect(equipmentView(item, 'en')).toEqual({
      id: 'eq-1',
      eqID: '50012',
      name: 'Dragon Blade',
      quality: 'legendary',
      level: '+12',
      power: '15,230',
      baseAttrs: 'ATK +120, DEF +40',
      extraAttrs: 'CRIT 5%',
      suitAttrs: '',
    });
    expect(attrText([])).toBe('');
  });

  it('titles with the total count and the top power', () => {
    expect(equipmentTitleFigures(10000, 98765, 'en')).toEqual({ n: '10,000', power: '98,765' });
    expect(equipmentTitleFigures(0, 0, 'en')).toEqual({ n: '0', power: '0' });
  });

  it('makes a row’s view when it is first asked for, and the same one after', () => {
    const items = Array.from({ length: 10_000 }, (_, i) => ({ ...item, id: `eq-${i}`, power: i }));
    const view = equipmentViewsOnDemand('en');
    const last = items[9_999] as Equipment;
    expect(view(last).power).toBe('9,999');
    expect(view(last)).toBe(view(last));
    expect(equipmentViewsOnDemand('zh-CN')(last)).not.toBe(view(last));
    expect(view(items[0] as Equipment)).toEqual(equipmentView(items[0] as Equipment, 'en'));
  });

  it('defaults to the full view', () => {
    expect(parseEquipmentView(null)).toBe('all');
    expect(parseEquipmentView('paged')).toBe('paged');
    expect(parseEquipmentView('bogus')).toBe('all');
  });
});
