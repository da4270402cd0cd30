import { sql, type Kysely } from 'kysely';
import type { FeatureMigration } from '../feature.js';

type AnyDb = Kysely<unknown>;

/**
 * Newcomers' requests for an operator account. A phone has at most one open request (the partial
 * unique index decides it, also between two submissions at once); decided requests stay as the
 * record of who approved or declined what. The operator an approval made is kept by id, and the
 * link is cleared if that operator is deleted later (the request itself stays).
 */
export const accessRequestsMigrations: Record<string, FeatureMigration> = {
  '0001_access_requests': {
    was: '0013_access_requests',
    async up(db: AnyDb) {
      await sql`create table access_requests (
        id serial primary key,
        name text not null,
        phone text not null,
        games text[] not null,
        why text not null,
        password_hash text not null,
        status text not null check (status in ('open', 'approved', 'declined')),
        client_ip text not null,
        created_at timestamptz not null,
        decided_at timestamptz,
        decided_by text,
        roles text[],
        decline_reason text,
        operator_id integer references operators (id) on delete set null
      )`.execute(db);
      await sql`create unique index access_requests_open_phone_idx on access_requests (phone)
        where status = 'open'`.execute(db);
      // The list is read newest first, often filtered by status; the limit counts one address's.
      await sql`create index access_requests_status_idx on access_requests (status, created_at, id)`.execute(
        db,
      );
      await sql`create index access_requests_ip_idx on access_requests (client_ip, created_at)`.execute(db);
    },
  },
};
