import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * The database as Kysely sees it. Timestamps are `timestamptz`: both drivers read them as Date,
 * and we write Date values. JSON columns are written as JSON text (see `jsonValue`) because the
 * two drivers serialise JS arrays differently.
 */

type Timestamp = ColumnType<Date, Date, Date>;
type JsonColumn = ColumnType<unknown, string | null, string | null>;

export interface OperatorsTable {
  id: Generated<number>;
  phone: string;
  name: string;
  first_name: string;
  avatar: string;
  bio: string;
  roles: string[];
  password_hash: string;
  disabled: boolean;
  created_at: Timestamp;
  updated_at: Timestamp;
  last_login_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface SessionsTable {
  id: string;
  operator_id: number;
  created_at: Timestamp;
  /** The family's absolute end: no refresh past this, whatever the rotation. */
  expires_at: Timestamp;
  revoked_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  revoked_reason: ColumnType<string | null, string | null | undefined, string | null>;
  client_ip: string;
}

export interface RefreshTokensTable {
  /** SHA-256 of the token; the token itself is never stored. */
  token_hash: string;
  session_id: string;
  created_at: Timestamp;
  used_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /**
   * Once rotated: the new refresh token, sealed with a key derived from this (old) token, so that
   * the old one presented again within the grace gets the same new one (server/auth/grace.ts).
   */
  successor: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  account: string;
  client_ip: string;
  at: Timestamp;
}

/** Where an operator signed in successfully: the address limit does not slow them there. */
export interface KnownAddressesTable {
  operator_id: number;
  client_ip: string;
  last_success_at: Timestamp;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: Timestamp;
  operator_id: number | null;
  /** Name (or the account typed at sign-in) kept as text so entries outlive the operator. */
  operator: string;
  action: string;
  game: string | null;
  target: string;
  reason: string | null;
  outcome: 'ok' | 'error';
  code: number;
  before: JsonColumn;
  after: JsonColumn;
  client_ip: string;
}

export interface PlayersTable {
  game: string;
  id: string;
  num: number;
  name: string;
  level: number;
  /** 'active' | 'inactive' | 'deleted' (a check constraint holds it). */
  state: string;
  created_at: Timestamp;
  last_login_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  deleted_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

type NullableTimestamp = ColumnType<Date | null, Date | null | undefined, Date | null>;
type NullableText = ColumnType<string | null, string | null | undefined, string | null>;
type RequiredJson = ColumnType<unknown, string, string>;

/** Marks a player whose game data has been made from the seed (once, on first read). */
export interface PlayerDataMadeTable {
  game: string;
  player_id: string;
  made_at: Timestamp;
}

/** One row of one tab (shared/player-tabs.ts); `record` tabs have a single row, seq 0. */
export interface PlayerRowsTable {
  game: string;
  player_id: string;
  tab: string;
  seq: number;
  data: RequiredJson;
}

export interface PlayerEquipmentTable {
  game: string;
  player_id: string;
  id: string;
  eq_id: number;
  name: string;
  quality: string;
  level: number;
  power: number;
  base_attrs: RequiredJson;
  extra_attrs: RequiredJson;
  suit_attrs: RequiredJson;
}

/** The game's cache of a tab: the rows as they were at cached_at. */
export interface PlayerCacheTable {
  game: string;
  player_id: string;
  tab: string;
  data: RequiredJson;
  cached_at: Timestamp;
}

export interface PlayerLogsTable {
  id: Generated<number>;
  game: string;
  player_id: string;
  at: Timestamp;
  kind: string;
  detail: string;
  ip: NullableText;
}

export interface BannedHeroesTable {
  id: Generated<number>;
  game: string;
  hero_id: number;
  hero_name: string;
  /** null = every player of the game. */
  player_id: NullableText;
  reason: string;
  operator: string;
  created_at: Timestamp;
  expires_at: NullableTimestamp;
  lifted_at: NullableTimestamp;
  lifted_by: NullableText;
  lift_reason: NullableText;
}

export interface BlacklistTable {
  id: Generated<number>;
  game: string;
  kind: 'player' | 'ip';
  value: string;
  reason: string;
  operator: string;
  created_at: Timestamp;
  expires_at: NullableTimestamp;
}

export interface SpecialUsersTable {
  id: Generated<number>;
  game: string;
  player_id: string;
  category: string;
  note: string;
  operator: string;
  created_at: Timestamp;
}

export interface TestingPlayersTable {
  game: string;
  player_id: string;
  note: string;
  added_at: Timestamp;
}

export interface TestingRechargesTable {
  id: Generated<number>;
  game: string;
  player_id: string;
  order_id: string;
  product: string;
  amount: number;
  currency: string;
  at: Timestamp;
  status: 'paid' | 'refunded';
  refunded_at: NullableTimestamp;
  refunded_by: NullableText;
  refund_reason: NullableText;
}

export interface AppMetaTable {
  key: string;
  value: string;
}

/** What the backend itself did or met (start, migrations, failed checks), beside the audit log. */
export interface SystemEventsTable {
  id: Generated<number>;
  at: Timestamp;
  /** `<area>.<event>`: 'backend.started', 'backend.migrated', 'serverWatch.checkFailed', ... */
  kind: string;
  level: 'info' | 'warn' | 'error';
  game: string | null;
  /** What it concerns (a server, a migration), free text. */
  subject: string;
  detail: JsonColumn;
}

/** A watched game server: what to check, who is notified, and its state (server/serverWatch). */
export interface WatchedServersTable {
  id: Generated<number>;
  name: string;
  game: string;
  check_kind: 'tcp' | 'http' | 'gameStatus';
  check_spec: RequiredJson;
  /** host:port or the URL, for search and messages. */
  target: string;
  interval_sec: number;
  timeout_ms: number;
  failures_to_down: number;
  remind_every_min: number | null;
  notify_kind: 'game' | 'operators';
  notify_operator_ids: ColumnType<unknown, string | undefined, string>;
  note: ColumnType<string, string | undefined, string>;
  paused: ColumnType<boolean, boolean | undefined, boolean>;
  /** One of the demo data's simulated game servers (server/simulated), by its key. */
  demo_key: NullableText;
  state: 'up' | 'down' | 'unknown' | 'paused' | 'maintenance';
  state_since: NullableTimestamp;
  last_check_at: NullableTimestamp;
  last_response_ms: ColumnType<number | null, number | null | undefined, number | null>;
  last_error: NullableText;
  consecutive_failures: Generated<number>;
  online_players: ColumnType<number | null, number | null | undefined, number | null>;
  income_today: ColumnType<number | null, number | null | undefined, number | null>;
  open_incident_id: ColumnType<number | null, number | null | undefined, number | null>;
  check_count: Generated<number>;
  /** Bumped by every operator's change; the engine writes only onto the version it read. */
  version: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  updated_by: string;
}

export interface WatchChecksTable {
  server_id: number;
  slot: number;
  at: Timestamp;
  ok: boolean;
  response_ms: number | null;
  error: string | null;
  online_players: number | null;
}

export interface WatchIncidentsTable {
  id: Generated<number>;
  server_id: number;
  down_since: Timestamp;
  detected_at: Timestamp;
  ended_at: NullableTimestamp;
  ended_by: 'recovered' | 'paused' | 'changed' | null;
  last_error: string;
  failed_checks: number;
  reminders: Generated<number>;
  last_alert_at: Timestamp;
}

export interface WatchMaintenanceTable {
  id: Generated<number>;
  server_id: number;
  starts_at: Timestamp;
  ends_at: Timestamp;
  note: string;
  created_by: string;
  created_at: Timestamp;
}

export interface WatchMutesTable {
  id: Generated<number>;
  operator_id: number;
  /** null = every alert. */
  server_id: number | null;
  created_at: Timestamp;
  until: NullableTimestamp;
}

/** The alert log main long-polls: seq only grows, and one backend appends (server/serverWatch). */
export interface WatchEventsTable {
  seq: Generated<number>;
  at: Timestamp;
  kind: 'down' | 'recovered' | 'reminder' | 'notice' | 'delivery';
  game: string;
  server_id: number | null;
  server_name: string;
  incident_id: number | null;
  down_since: NullableTimestamp;
  duration_sec: number | null;
  error: NullableText;
  notice: JsonColumn;
  /** A delivery alert's order, attempts and last error (server/serverWatch/port.ts). */
  delivery: ColumnType<unknown, string | null | undefined, string | null>;
  notify: boolean;
  /** null = every SUPER and ADMIN of the game; else the ids of the operators chosen. */
  audience: JsonColumn;
}

/** A message notice (server/notices): a threshold on a game's online players or income. */
export interface NoticeRulesTable {
  id: Generated<number>;
  game: string;
  kind: 'playersBelow' | 'playersAbove' | 'incomeBelow';
  threshold: number;
  by_hour: number | null;
  enabled: boolean;
  note: string;
  state: 'ok' | 'crossed' | 'unknown';
  last_fired_at: NullableTimestamp;
  last_value: number | null;
  last_evaluated_at: NullableTimestamp;
  version: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  updated_by: string;
}

/** A run of a data-repair function, with its progress and outcome (server/batchFix). */
export interface BatchFixJobsTable {
  id: Generated<number>;
  game: string;
  name: string;
  status: 'queued' | 'running' | 'done' | 'failed' | 'cancelled' | 'interrupted';
  reason: string;
  operator_id: number | null;
  operator: string;
  created_at: Timestamp;
  started_at: NullableTimestamp;
  finished_at: NullableTimestamp;
  /** Moved on after every batch: a running job whose heartbeat stopped was interrupted. */
  heartbeat_at: Timestamp;
  total: number;
  processed: ColumnType<number, number | undefined, number>;
  changed: ColumnType<number, number | undefined, number>;
  /** Rows changed per table and kind of change, as the job goes. */
  counts: RequiredJson;
  error: NullableText;
  cancel_requested: ColumnType<boolean, boolean | undefined, boolean>;
}

/** A game's key or token for a platform, its secret sealed (server/platformKeys). */
export interface PlatformKeysTable {
  id: Generated<number>;
  game: string;
  name: string;
  platform: string;
  /** AES-256-GCM: base64url of IV, tag and ciphertext; never the secret itself. */
  secret_sealed: string;
  /** Which server key sealed it (a fingerprint, not the key). */
  secret_key_id: string;
  /** The last four characters of a long secret, or ''. */
  secret_hint: string;
  note: string;
  created_by: string;
  created_at: Timestamp;
  updated_by: string;
  updated_at: Timestamp;
  secret_set_at: Timestamp;
}

/** An item of one operator's own to-do list (server/todo); the name is its key in that list. */
export interface TodoItemsTable {
  id: Generated<number>;
  operator_id: number;
  name: string;
  description: string;
  expire_at: Timestamp;
  created_at: Timestamp;
}

/** A newcomer's request for an operator account (server/accessRequests). */
export interface AccessRequestsTable {
  id: Generated<number>;
  name: string;
  phone: string;
  games: string[];
  why: string;
  /** The password the newcomer chose, hashed as an operator's (server/auth/password.ts). */
  password_hash: string;
  status: 'open' | 'approved' | 'declined';
  client_ip: string;
  created_at: Timestamp;
  decided_at: NullableTimestamp;
  decided_by: NullableText;
  roles: ColumnType<string[] | null, string[] | null | undefined, string[] | null>;
  decline_reason: NullableText;
  operator_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** One operator's shortcut preferences (server/shortcuts): changed combos by command, pinned route ids. */
export interface OperatorShortcutsTable {
  operator_id: number;
  combos: RequiredJson;
  pinned: RequiredJson;
  updated_at: Timestamp;
}

/** A pay-server token (server/payServer): one per operator, stored as a hash, never in the clear. */
export interface PayServerTokensTable {
  operator_id: number;
  /** SHA-256 of the token, hex. */
  token_hash: string;
  issued_at: Timestamp;
  expires_at: Timestamp;
}

/** The pay server's one state row (id 1): whether it takes new orders and payments, and who said so. */
export interface PayServerStateTable {
  id: number;
  accepting: boolean;
  changed_at: NullableTimestamp;
  changed_by: NullableText;
  reason: NullableText;
}

/** A batch of activation codes or shop tickets (server/giftCodes). */
export interface CodeBatchesTable {
  id: Generated<number>;
  game: string;
  /** 'activeCode' | 'shopTicket'. */
  kind: string;
  name: string;
  prefix: string;
  channel: string;
  /** The grant (shared/api/giftCodes.ts grantSchema), as JSON. */
  grant_spec: JsonColumn;
  valid_from: Timestamp;
  valid_until: Timestamp;
  uses_per_code: number;
  uses_per_player: number;
  total: number;
  /** Redemptions of every code of the batch, counted as they happen. */
  used: Generated<number>;
  enabled: Generated<boolean>;
  reason: string;
  created_by: string;
  created_at: Timestamp;
}

/** One code of a batch; its text is unique in its game across every batch and both kinds. */
export interface GiftCodesTable {
  game: string;
  code: string;
  batch_id: number;
  uses: Generated<number>;
  enabled: Generated<boolean>;
  last_player_id: string | null;
  last_redeemed_at: Timestamp | null;
}

export interface CodeRedemptionsTable {
  id: Generated<number>;
  game: string;
  code: string;
  batch_id: number;
  player_id: string;
  server_id: string;
  at: Timestamp;
}

/** Game servers' request nonces, each accepted once; kept while their ts is within the clock skew. */
export interface GameServerNoncesTable {
  game: string;
  nonce: string;
  ts: Timestamp;
}

/** An order: a player's purchase or an operator's manual grant (server/orders). */
export interface OrdersTable {
  order_id: string;
  game: string;
  player_id: string;
  player_name: string;
  kind: 'purchase' | 'manual';
  grant: RequiredJson;
  grant_label: string;
  amount: number;
  currency: string;
  state: string;
  provider: NullableText;
  provider_ref: NullableText;
  approval: string;
  request_id: NullableText;
  reason: ColumnType<string, string | undefined, string>;
  created_by: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  paid_at: NullableTimestamp;
  delivered_at: NullableTimestamp;
  /** JSON {"en", "zh-CN"} of the last delivery failure, or null. */
  delivery_error: NullableText;
  delivery_attempts: ColumnType<number, number | undefined, number>;
  approved_by: NullableText;
  /** When the delivery job (server/orders/redelivery.ts) takes the order next; null: not queued. */
  next_delivery_at: NullableTimestamp;
  /** When its failing deliveries raised an alert (once per order). */
  delivery_alerted_at: NullableTimestamp;
}

/** One step of an order's life (server/orders/transitions.ts). */
export interface OrderEventsTable {
  id: Generated<number>;
  order_id: string;
  at: Timestamp;
  from_state: NullableText;
  to_state: string;
  by: string;
  action: string;
  reason: ColumnType<string, string | undefined, string>;
  detail: ColumnType<string, string | undefined, string>;
}

/** A game's order settings; a game without a row has the defaults (server/orders/ledger.ts). */
export interface OrderSettingsTable {
  game: string;
  approval_threshold: number;
  updated_by: string;
  updated_at: Timestamp;
}

/** A payment provider's notice as received, with what came of it (server/payments writes them). */
export interface PaymentNoticesTable {
  id: Generated<number>;
  provider: string;
  order_id: NullableText;
  provider_ref: NullableText;
  notice_key: NullableText;
  received_at: Timestamp;
  outcome: string;
  detail: ColumnType<string, string | undefined, string>;
  raw: RequiredJson;
  resent: ColumnType<boolean, boolean | undefined, boolean>;
}

/** A payment sandbox's generated keys, sealed with the server's secrets key (server/payments/keys.ts). */
export interface PaySandboxKeysTable {
  provider: string;
  /** The provider's keys as JSON, sealed (AES-256-GCM, seal.ts); never in the clear. */
  keys_sealed: string;
  /** Which secrets key sealed them (a fingerprint). */
  key_id: string;
  created_at: Timestamp;
}

/**
 * Refused payment notices per sending address and window (server/payments/notice-limit.ts): what
 * limits a flood of forged notices into the notice log.
 */
export interface PayNoticeRefusalsTable {
  client_ip: string;
  window_start: Timestamp;
  refused: number;
}

/** A refund a payment sandbox took (server/payments/refunds.ts): what the provider would keep. */
export interface PaySandboxRefundsTable {
  id: Generated<number>;
  provider: string;
  order_id: string;
  /** The payment refunded (the order's provider_ref). */
  provider_ref: string;
  /** The sandbox's refund id, in the provider's shape; the order's refund event names it. */
  refund_ref: string;
  amount: number;
  currency: string;
  /** The provider's word for the refund's state. */
  status: string;
  refunded_by: string;
  reason: ColumnType<string, string | undefined, string>;
  at: Timestamp;
}

/** The default game side of delivery: what was granted, once per order id (server/orders/delivery.ts). */
export interface GameDeliveriesTable {
  order_id: string;
  game: string;
  player_id: string;
  grant: RequiredJson;
  at: Timestamp;
}

export interface Database {
  operators: OperatorsTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  login_failures: LoginFailuresTable;
  known_addresses: KnownAddressesTable;
  audit_log: AuditLogTable;
  system_events: SystemEventsTable;
  players: PlayersTable;
  player_data_made: PlayerDataMadeTable;
  player_rows: PlayerRowsTable;
  player_equipment: PlayerEquipmentTable;
  player_cache: PlayerCacheTable;
  player_logs: PlayerLogsTable;
  banned_heroes: BannedHeroesTable;
  blacklist: BlacklistTable;
  special_users: SpecialUsersTable;
  testing_players: TestingPlayersTable;
  testing_recharges: TestingRechargesTable;
  app_meta: AppMetaTable;
  watched_servers: WatchedServersTable;
  watch_checks: WatchChecksTable;
  watch_incidents: WatchIncidentsTable;
  watch_maintenance: WatchMaintenanceTable;
  watch_mutes: WatchMutesTable;
  watch_events: WatchEventsTable;
  notice_rules: NoticeRulesTable;
  batch_fix_jobs: BatchFixJobsTable;
  platform_keys: PlatformKeysTable;
  code_batches: CodeBatchesTable;
  gift_codes: GiftCodesTable;
  code_redemptions: CodeRedemptionsTable;
  game_server_nonces: GameServerNoncesTable;
  todo_items: TodoItemsTable;
  operator_shortcuts: OperatorShortcutsTable;
  access_requests: AccessRequestsTable;
  pay_server_tokens: PayServerTokensTable;
  pay_server_state: PayServerStateTable;
  orders: OrdersTable;
  order_events: OrderEventsTable;
  order_settings: OrderSettingsTable;
  payment_notices: PaymentNoticesTable;
  game_deliveries: GameDeliveriesTable;
  pay_sandbox_keys: PaySandboxKeysTable;
  pay_sandbox_refunds: PaySandboxRefundsTable;
  pay_notice_refusals: PayNoticeRefusalsTable;
}

export type OperatorRow = Selectable<OperatorsTable>;
export type NewOperator = Insertable<OperatorsTable>;
export type OperatorUpdate = Updateable<OperatorsTable>;
export type SessionRow = Selectable<SessionsTable>;
export type AuditRow = Selectable<AuditLogTable>;

/** JSON for a json/jsonb column, as text both drivers pass through unchanged. */
export function jsonValue(value: unknown): string | null {
  return value === undefined || value === null ? null : JSON.stringify(value);
}
