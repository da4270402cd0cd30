import type { Rng } from '../prng.js';

/**
 * What a game's player data is made of: its catalogues (items, shop, quests, bosses, ...), its
 * money, and how its logs read. The generator (../generate.ts) is the same for every game and
 * draws from these, so the games differ in data, not in code.
 */

export interface Named {
  id: number;
  name: string;
}

export interface ItemDef extends Named {
  /** Typical largest stack a player holds (1 = one-off items such as keys or skins). */
  stack: number;
}

export interface PricedDef extends Named {
  /** Price in minor units of the theme's currency. */
  price: number;
}

export interface ShopItemDef extends PricedDef {
  shopId: number;
}

export interface GoalDef extends Named {
  target: number;
}

export interface BossDef {
  boss: string;
  materials: readonly Named[];
}

export interface BranchDef {
  branch: string;
  nodes: readonly Named[];
}

export interface LootDef extends Named {
  dailyLimit: number;
}

/** A bonus stat drawn for rare (extra) attributes: "Crit Rate +3.5%". */
export interface StatRange {
  name: string;
  min: number;
  max: number;
  /** Shown after the number: '%' or ''. */
  unit: string;
  /** Decimals shown. */
  decimals: number;
}

export interface EquipmentSlot {
  slot: string;
  bases: readonly string[];
  /** The slot's main stats (base attributes), with their value at item level 1 of common quality. */
  main: readonly (readonly [string, number])[];
}

export interface EquipmentSet {
  name: string;
  /** Bonuses at 2 and 4 pieces. */
  two: string;
  four: string;
}

export interface EquipmentTheme {
  slots: readonly EquipmentSlot[];
  /** Name prefixes, roughly from plain to grand; higher qualities draw from the end. */
  prefixes: readonly string[];
  extras: readonly StatRange[];
  sets: readonly EquipmentSet[];
  /** How a prefix and a base make a name ("Iron Longsword", "玄铁剑"). */
  join(prefix: string, base: string): string;
  /** How a set bonus line reads: "Lionheart Set (2): ATK +5%". */
  setLine(set: string, pieces: number, bonus: string): string;
}

/** The texts of a game's log lines, in the game's own language. */
export interface LogTexts {
  register(device: string): string;
  login(device: string): string;
  logout(minutes: number): string;
  levelUp(from: number, to: number): string;
  purchase(name: string, count: number, price: string): string;
  recharge(orderId: string, product: string, amount: string, channel: string): string;
  itemGain(name: string, count: number, source: string): string;
  itemUse(name: string, count: number): string;
  match(r: Rng): string;
  mail(r: Rng): string;
  itemSources: readonly string[];
}

export interface Theme {
  /** ISO 4217 code of the game's money. */
  currency: string;
  channels: readonly string[];
  /** Order ids start with this ("AW", "YM", ...). */
  orderPrefix: string;
  /** Rank titles from the lowest level up. */
  ranks: readonly string[];
  guilds: readonly string[];
  regions: readonly string[];
  devices: readonly string[];
  items: readonly ItemDef[];
  shop: readonly ShopItemDef[];
  recharge: readonly PricedDef[];
  /** Passport (battle pass) names, one per season, cycled. */
  seasons: readonly string[];
  vipMax: number;
  emoji: readonly Named[];
  chickenBreeds: readonly string[];
  chickenNames: readonly string[];
  chickenSkills: readonly Named[];
  tasks: readonly GoalDef[];
  /** The quests a player accepts, in games that have a quests tab (shared/player-tabs.ts). */
  quests?: readonly GoalDef[];
  achievements: readonly GoalDef[];
  bosses: readonly BossDef[];
  buffs: readonly Named[];
  steelTree: readonly BranchDef[];
  loot: readonly LootDef[];
  /** Skin names of a hero: `${hero} · ${skin}`. */
  skins: readonly string[];
  equipment: EquipmentTheme;
  logs: LogTexts;
}

// Catalogue builders: entries are numbered from `first` in the order written.

export function named(first: number, names: readonly string[]): Named[] {
  return names.map((name, i) => ({ id: first + i, name }));
}

export function items(first: number, list: readonly (readonly [string, number])[]): ItemDef[] {
  return list.map(([name, stack], i) => ({ id: first + i, name, stack }));
}

export function priced(first: number, list: readonly (readonly [string, number])[]): PricedDef[] {
  return list.map(([name, price], i) => ({ id: first + i, name, price }));
}

export function shop(first: number, list: readonly (readonly [number, string, number])[]): ShopItemDef[] {
  return list.map(([shopId, name, price], i) => ({ id: first + i, shopId, name, price }));
}

export function goals(first: number, list: readonly (readonly [string, number])[]): GoalDef[] {
  return list.map(([name, target], i) => ({ id: first + i, name, target }));
}

export function loot(first: number, list: readonly (readonly [string, number])[]): LootDef[] {
  return list.map(([name, dailyLimit], i) => ({ id: first + i, name, dailyLimit }));
}

/** "6.00 CNY": money in log lines (the tabs carry minor units and the currency separately). */
export function moneyText(minor: number, currency: string): string {
  return `${(minor / 100).toFixed(2)} ${currency}`;
}
