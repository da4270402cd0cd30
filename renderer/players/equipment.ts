import type { Language } from '../../shared/codes.js';
import type { Equipment } from '../../shared/api/players.js';
import { formatCount } from './cellFormat.js';

/**
 * The equipment widget's pure side: a row's display strings are made the first time the row is
 * drawn and kept (per load and language), so the first draw of a 10,000-row table formats only the
 * rows in view, and scrolling back only looks strings up.
 */

export interface EquipmentView {
  id: string;
  eqID: string;
  name: string;
  quality: Equipment['quality'];
  level: string;
  power: string;
  baseAttrs: string;
  extraAttrs: string;
  suitAttrs: string;
}

/** Attributes as one line: "ATK +120, CRIT 5%"; an empty list shows nothing rather than a dash. */
export function attrText(attrs: readonly string[]): string {
  return attrs.join(', ');
}

export function equipmentView(item: Equipment, lang: Language): EquipmentView {
  return {
    id: item.id,
    eqID: String(item.eqID),
    name: item.name,
    quality: item.quality,
    level: `+${item.level}`,
    power: formatCount(item.power, lang),
    baseAttrs: attrText(item.baseAttrs),
    extraAttrs: attrText(item.extraAttrs),
    suitAttrs: attrText(item.suitAttrs),
  };
}

/**
 * A row's view, made once per row: the table asks for the rows it draws, so opening 10,000 pieces
 * formats about twenty (issue 23: the equipment tab's first draw), not all of them up front.
 */
export function equipmentViewsOnDemand(lang: Language): (item: Equipment) => EquipmentView {
  const made = new WeakMap<Equipment, EquipmentView>();
  return (item) => {
    let view = made.get(item);
    if (!view) {
      view = equipmentView(item, lang);
      made.set(item, view);
    }
    return view;
  };
}

/** The figures of the widget's title (spec: the total count and the top power). */
export function equipmentTitleFigures(
  total: number,
  topPower: number,
  lang: Language,
): { n: string; power: string } {
  return { n: formatCount(total, lang), power: formatCount(topPower, lang) };
}

/**
 * Which call fills the widget. `all` (eqs) loads every item in one call and lets the virtualised
 * table show them: one round trip, and sorting or scrolling needs no further calls; 10,000 items
 * are a few megabytes, which the table handles smoothly. `paged` (eqpage) is offered beside it for
 * players with very many items or when the full load fails: pages by power, strongest first.
 */
export const EQUIPMENT_VIEWS = ['all', 'paged'] as const;
/** The URL params of the view and of the paged view's page ('all' is left out of the URL). */
export const EQUIPMENT_VIEW_PARAM = 'eqview';
export const EQUIPMENT_PAGE_PARAM = 'eqpage';
export type EquipmentViewMode = (typeof EQUIPMENT_VIEWS)[number];

export function parseEquipmentView(value: string | null): EquipmentViewMode {
  return value === 'paged' ? 'paged' : 'all';
}
