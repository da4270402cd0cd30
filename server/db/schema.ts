import type { PlatformTables } from './platform-tables.js';
import type { AuditTables } from '../audit/tables.js';
import type { AuthTables } from '../auth/tables.js';
import type { UsersTables } from '../users/tables.js';
import type { AccessRequestsTables } from '../accessRequests/tables.js';
import type { PlayersTables } from '../players/tables.js';
import type { ModerationTables } from '../moderation/tables.js';
import type { ServerWatchTables } from '../serverWatch/tables.js';
import type { NoticesTables } from '../notices/tables.js';
import type { BatchFixTables } from '../batchFix/tables.js';
import type { PlatformKeysTables } from '../platformKeys/tables.js';
import type { TodoTables } from '../todo/tables.js';
import type { ShortcutsTables } from '../shortcuts/tables.js';
import type { GiftCodesTables } from '../giftCodes/tables.js';
import type { PaymentsTables } from '../payments/tables.js';
import type { OrdersTables } from '../orders/tables.js';
import type { LeaderboardsTables } from '../leaderboards/tables.js';
import type { ReportsTables } from '../reports/tables.js';
import type { StatisticsTables } from '../statistics/tables.js';

/**
 * The database as Kysely sees it: each feature declares its tables in its own folder
 * (server/<feature>/tables.ts, column types from columns.ts), and this is their sum, one line per
 * feature.
 */
export interface Database
  extends
    PlatformTables,
    AuditTables,
    AuthTables,
    UsersTables,
    AccessRequestsTables,
    PlayersTables,
    ModerationTables,
    ServerWatchTables,
    NoticesTables,
    BatchFixTables,
    PlatformKeysTables,
    TodoTables,
    ShortcutsTables,
    GiftCodesTables,
    PaymentsTables,
    OrdersTables,
    LeaderboardsTables,
    ReportsTables,
    StatisticsTables {}

/** JSON for a json/jsonb column, as text both drivers pass through unchanged. */
export function jsonValue(value: unknown): string | null {
  return value === undefined || value === null ? null : JSON.stringify(value);
}
