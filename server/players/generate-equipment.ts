import { EQUIPMENT_QUALITIES, type Equipment } from '../../shared/api/players.js';
import { isHeavyPlayer, seedRowOf } from '../seed/players.js';
import type { GenContext } from './generate-context.js';
import type { Rng } from './prng.js';
import type { StatRange } from './themes/theme.js';

/**
 * A player's equipment (spec "Player equipment"): most players hold 5 to 60 pieces; the heavy
 * players of the seed (see isHeavyPlayer) hold exactly HEAVY_EQUIPMENT, to show that the
 * equipment table and its calls stay smooth with that many.
 */

export const HEAVY_EQUIPMENT = 10_000;

type Quality = (typeof EQUIPMENT_QUALITIES)[number];
const QUALITY_WEIGHTS: readonly (readonly [number, number])[] = [
  [0, 40],
  [1, 30],
  [2, 18],
  [3, 9],
  [4, 3],
];
/** Chance that a piece of each quality belongs to a set. */
const SET_CHANCE = [0, 0.05, 0.3, 0.7, 1];

export function equipmentCount(g: GenContext, r: Rng): number {
  const row = seedRowOf(g.game, g.player.id);
  if (row !== undefined && isHeavyPlayer(row)) return HEAVY_EQUIPMENT;
  return g.count(r, 5, 60);
}

function statText(stat: StatRange, r: Rng): string {
  const value = stat.min + (stat.max - stat.min) * r.next();
  return `${stat.name} +${value.toFixed(stat.decimals)}${stat.unit}`;
}

export function generateEquipment(g: GenContext): Equipment[] {
  const r = g.rng('equipment');
  const theme = g.theme.equipment;
  const n = equipmentCount(g, r);
  const out: Equipment[] = new Array<Equipment>(n);
  const width = String(n).length;
  for (let i = 0; i < n; i++) {
    const slotIndex = r.int(0, theme.slots.length - 1);
    const slot = theme.slots[slotIndex];
    if (!slot) throw new Error('an equipment theme needs slots');
    const baseIndex = r.int(0, slot.bases.length - 1);
    const q = r.weighted(QUALITY_WEIGHTS);
    const quality = EQUIPMENT_QUALITIES[q] as Quality;
    // Better qualities draw their prefix from the grander end of the list.
    const span = theme.prefixes.length;
    const prefix = theme.prefixes[Math.min(span - 1, Math.floor((q * span) / 5) + r.int(0, 1))] ?? '';
    const level = r.int(0, Math.min(20, 5 + q * 4));
    const grow = (1 + level * 0.12) * (1 + q * 0.4) * (1 + g.player.level / 50);
    const baseAttrs = slot.main.map(
      ([stat, base]) => `${stat} +${Math.round(base * grow * (0.9 + 0.2 * r.next()))}`,
    );
    const extraAttrs = r.sample(theme.extras, q).map((s) => statText(s, r));
    let suitAttrs: string[] = [];
    if (r.chance(SET_CHANCE[q] ?? 0)) {
      const set = r.pick(theme.sets);
      suitAttrs = [theme.setLine(set.name, 2, set.two), theme.setLine(set.name, 4, set.four)];
    }
    const power = Math.round(100 * (q + 1) * grow * (0.9 + 0.2 * r.next())) + extraAttrs.length * 40;
    out[i] = {
      // Same width within a player, so ids sort the same under any collation.
      id: `${g.player.num}-${String(i + 1).padStart(width, '0')}`,
      eqID: 50_000 + slotIndex * 1000 + baseIndex * 10 + q,
      name: theme.join(prefix, slot.bases[baseIndex] ?? ''),
      quality,
      level,
      power,
      baseAttrs,
      extraAttrs,
      suitAttrs,
    };
  }
  return out;
}
