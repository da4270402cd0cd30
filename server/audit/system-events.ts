import type { Kysely } from 'kysely';
import { storableText } from '../../shared/api/text.js';
import { jsonValue, type Database } from '../db/schema.js';
import { storableJson } from './record.js';

/**
 * The backend's own events (it started, migrated, a watched server's check failed...), kept beside
 * the audit log so that the system logs show both. Writing one never fails its caller: an event
 * that cannot be stored goes to the server log instead.
 */
export interface SystemEvent {
  at: Date;
  /** `<area>.<event>`, e.g. 'backend.started', 'backend.migrated', 'serverWatch.checkFailed'. */
  kind: string;
  level?: 'info' | 'warn' | 'error';
  game?: string | null;
  subject?: string;
  detail?: unknown;
}

export interface EventLog {
  error(obj: unknown, msg: string): void;
}

export async function recordSystemEvent(db: Kysely<Database>, e: SystemEvent, log?: EventLog): Promise<void> {
  try {
    await db
      .insertInto('system_events')
      .values({
        at: e.at,
        kind: storableText(e.kind).slice(0, 100),
        level: e.level ?? 'info',
        game: e.game == null ? null : storableText(e.game).slice(0, 50),
        subject: storableText(e.subject ?? '').slice(0, 500),
        detail: jsonValue(storableJson(e.detail)),
      })
      .execute();
  } catch (err) {
    (log ?? console).error({ err, event: e }, 'could not store a system event');
  }
}
