import { sql, type Kysely } from 'kysely';
import type { FeatureMigration } from '../feature.js';

// Migrations see the database as it was when they were written, not today's types.
type AnyDb = Kysely<unknown>;

/**
 * The system logs' indexes over the audit trail (server/systemLogs/query.ts says how each filter
 * uses them). Each is ordered newest last by (at, id), read backwards, and carries the other
 * filter columns, so the entries a filter passes over are checked without visiting the table.
 */
export const systemLogsMigrations: Record<string, FeatureMigration> = {
  '0001_system_log_indexes': {
    was: '0016_system_log_indexes',
    async up(db: AnyDb) {
      const filterColumns = ['operator', 'action', 'game', 'outcome'] as const;
      const carry = (except: string) => sql.raw(filterColumns.filter((c) => c !== except).join(', '));
      const index = async (name: string, key: string, carried: string, where?: string) => {
        await sql`create index ${sql.id(name)} on audit_log (${sql.raw(key)}) include (${carry(carried)})
          ${where ? sql.raw(`where ${where}`) : sql``}`.execute(db);
      };
      // No filter, or only a time range.
      await index('audit_log_at_idx', 'at, id', '');
      // One equality each, then the time.
      await index('audit_log_operator_at_idx', 'operator, at, id', 'operator');
      await index('audit_log_action_at_idx', 'action, at, id', 'action');
      await index('audit_log_game_at_idx', 'game, at, id', 'game');
      // What a game's admins look for most: one action in their game.
      await index('audit_log_game_action_at_idx', 'game, action, at, id', 'game');
      // Failures are few among many: their own indexes, overall and per game.
      await index('audit_log_errors_at_idx', 'at, id', 'outcome', "outcome = 'error'");
      await index('audit_log_errors_game_at_idx', 'game, at, id', 'outcome', "outcome = 'error'");
      // Sign-ins and sign-outs (kind sessions), overall and per game: sessions carry no game, so
      // "sessions in lw" is an empty range here rather than a walk through every lw entry.
      await index('audit_log_sessions_at_idx', 'at, id', '', "action like 'auth.%'");
      await index('audit_log_sessions_game_at_idx', 'game, at, id', 'game', "action like 'auth.%'");
      // The planner's estimates for combined filters (sessions have no game, a game's admins act
      // in their game): without them it may walk the newest entries hoping for an early match.
      await sql`create statistics if not exists audit_log_filter_stats (dependencies, mcv)
        on operator, action, game, outcome from audit_log`.execute(db);
      // The older (action, id) index is kept: users.logs and the players' audit tab do not use
      // it, but a studio's own reports may.
    },
  },
  /** An operator's audit log (users.logs) sorts by time: one operator's entries by instant. */
  '0002_audit_operator_at': {
    async up(db: AnyDb) {
      await sql`create index audit_log_operator_id_at_idx on audit_log (operator_id, at, id)`.execute(db);
    },
  },
};
