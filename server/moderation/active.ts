import { sql, type RawBuilder, type SqlBool } from 'kysely';

/**
 * When a ban or blacklist entry applies: it has no expiry, or its expiry is still ahead of the
 * server's clock (and, for hero bans, it was not lifted). One rule, used by the lists, by the
 * player's flags and by the statistics, so "expired" means the same everywhere.
 */
export function notExpired(table: string, now: Date): RawBuilder<SqlBool> {
  const expires = sql.ref(`${table}.expires_at`);
  return sql<SqlBool>`(${expires} is null or ${expires} > ${now})`;
}

export function heroBanActive(table: string, now: Date): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${sql.ref(`${table}.lifted_at`)} is null and ${notExpired(table, now)})`;
}

/** The other side of `notExpired`: the entry had an expiry and the server's clock has reached it. */
export function hasExpired(table: string, now: Date): RawBuilder<SqlBool> {
  const expires = sql.ref(`${table}.expires_at`);
  return sql<SqlBool>`(${expires} is not null and ${expires} <= ${now})`;
}

/** The same rule for a row already read. */
export function expiredAt(expiresAt: Date | null, now: Date): boolean {
  return expiresAt !== null && expiresAt.getTime() <= now.getTime();
}
