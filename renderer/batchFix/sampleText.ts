import type { TFunction } from 'i18next';
import type { Language } from '../../shared/codes.js';
import { formatDateTime } from '../components/format.js';

/**
 * A dry run's tables and rows in the operator's words: the backend names its tables and row
 * fields as its database does (`banned_heroes`, `expiresAt: "2026-…Z"`); the page says "Hero
 * bans" and "Expires: 15 Jan 2026, 17:00". What this console knows is translated; a name a
 * studio's own backend adds is shown as it came, so nothing is hidden.
 */

/** The tables the reference backend's repairs touch. */
export const KNOWN_TABLES = [
  'banned_heroes',
  'players',
  'player_cache',
  'player_rows',
  'player_equipment',
  'player_logs',
  'testing_recharges',
  'testing_players',
  'special_users',
  'player_data_made',
] as const;

/** The fields of the rows a dry run shows. */
export const KNOWN_FIELDS = [
  'id',
  'heroId',
  'heroName',
  'playerId',
  'name',
  'level',
  'tab',
  'rows',
  'player',
  'status',
  'createdAt',
  'expiresAt',
  'cachedAt',
  'liftedAt',
  'liftedBy',
  'from',
] as const;

/** Words the rows carry as values (a ban's status, a player's state, where a copy comes from). */
export const KNOWN_VALUES = [
  'expired',
  'lifted',
  'missing',
  'active',
  'inactive',
  'deleted',
  'stored rows',
] as const;

const has = (list: readonly string[], v: string): boolean => list.includes(v);
/** i18next keys cannot hold a space ("stored rows"). */
const valueKey = (v: string) => v.replace(/ /g, '_');
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

export function tableName(t: TFunction, table: string): string {
  return has(KNOWN_TABLES, table) ? t(`batchFix.table.${table}`) : table;
}

export function fieldName(t: TFunction, field: string): string {
  return has(KNOWN_FIELDS, field) ? t(`batchFix.fieldName.${field}`) : field;
}

/** One value as an operator reads it: a time in their zone and language, a known word translated. */
export function fieldValue(t: TFunction, lang: Language, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'number') return value.toLocaleString(lang);
  if (typeof value === 'boolean') return t(value ? 'batchFix.value.yes' : 'batchFix.value.no');
  if (typeof value === 'string') {
    if (ISO_INSTANT.test(value)) return formatDateTime(value, lang);
    return has(KNOWN_VALUES, value) ? t(`batchFix.value.${valueKey(value)}`) : value;
  }
  return JSON.stringify(value);
}

export interface SampleField {
  key: string;
  label: string;
  value: string;
}

/** A sample row's fields as label and value; a value that is not a record is one unnamed field. */
export function sampleFields(t: TFunction, lang: Language, row: unknown): SampleField[] {
  if (row === null || row === undefined) return [];
  if (typeof row !== 'object' || Array.isArray(row))
    return [{ key: '', label: '', value: fieldValue(t, lang, row) }];
  return Object.entries(row as Record<string, unknown>).map(([key, value]) => ({
    key,
    label: fieldName(t, key),
    value: fieldValue(t, lang, value),
  }));
}
