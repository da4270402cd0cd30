import type { ColumnType } from 'kysely';

/**
 * Column types the feature tables (server/<feature>/tables.ts) share. Timestamps are `timestamptz`:
 * both drivers read them as Date, and we write Date values. JSON columns are written as JSON text
 * (see `jsonValue` in schema.ts) because the two drivers serialise JS arrays differently.
 */
export type Timestamp = ColumnType<Date, Date, Date>;
export type JsonColumn = ColumnType<unknown, string | null, string | null>;
export type NullableTimestamp = ColumnType<Date | null, Date | null | undefined, Date | null>;
export type NullableText = ColumnType<string | null, string | null | undefined, string | null>;
export type RequiredJson = ColumnType<unknown, string, string>;
