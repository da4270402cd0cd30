import { sql, type Kysely } from 'kysely';
import { checkTarget, checkSchema, type CheckSpec, type WatchState } from '../../shared/api/serverWatch.js';
import type { NoticeKind, NoticeState } from '../../shared/api/notices.js';
import type { GameId } from '../../shared/games.js';
import { recordSystemEvent, type SystemEvent } from '../audit/system-events.js';
import type { Clock } from '../platform/clock.js';
import type { OperationCounters } from '../platform/counters.js';
import { jsonValue, type Database } from '../db/schema.js';
import { evaluateCondition, nextNoticeState } from '../notices/evaluate.js';
import { gameFigures, type StatusFigure } from '../notices/figures.js';
import { runCheck, type CheckOutcome } from './checks.js';
import { watchConfigStamp } from './config.js';
import { lockAlertLog, type AlertHub } from './hub.js';

/**
 * The watch engine: runs every watched server's check on its interval (concurrently, each with
 * its timeout), decides its state, opens and closes incidents, appends alerts to the alert log
 * (down after the configured failed checks, recovered, a reminder while down), evaluates the
 * message notices, and writes it all to the database so every operator and backend reads the same.
 *
 * Decisions are made in memory as each check ends, in order, then written in batches by one
 * writer: a batch is one transaction that first locks the rows it writes and drops what a
 * concurrent change (an operator pausing, editing or removing the server) made stale. An alert is
 * written at once (a batch starts as soon as one is decided); plain results wait up to
 * FLUSH_DELAY_MS to share a transaction. The clock is injectable and the timer unref'd; with
 * `tickMs: 0` nothing runs unless runDue() is called (tests move their clock, then call it).
 */

export interface EngineLog {
  error(obj: unknown, msg: string): void;
  warn(obj: unknown, msg: string): void;
}

export interface EngineOptions {
  db: Kysely<Database>;
  clock: Clock;
  hub: AlertHub;
  log?: EngineLog;
  /** Real-time tick (ms): how often due checks are started. 0 = only runDue(). Default 250. */
  tickMs?: number;
  /** How many of each server's last checks are kept. Default 60. */
  historySize?: number;
  /** How often (engine clock, ms) the message notices are evaluated by the tick. Default 10 s. */
  noticesEveryMs?: number;
  /** The check itself (the bench and tests may count them); default runCheck. */
  check?: (spec: CheckSpec, timeoutMs: number) => Promise<CheckOutcome>;
  /** Spread the first checks after start over each server's interval (default true). */
  spreadStart?: boolean;
  /** Where each check's outcome is counted for /metrics (the backend's; none in engine tests). */
  counters?: Pick<OperationCounters, 'serverCheck'>;
}

/** The engine's options with their defaults (counting stays optional). */
type EngineSettings = Required<Omit<EngineOptions, 'log' | 'counters'>> &
  Pick<EngineOptions, 'counters'> & { log: EngineLog };

/** A plain result waits this long for others to share its transaction; an alert never waits. */
const FLUSH_DELAY_MS = 200;

interface IncidentRt {
  id: number | null;
  downSince: Date;
  lastAlertAt: Date;
  reminders: number;
  failedChecks: number;
  lastError: string;
}

interface ServerRt {
  id: number;
  name: string;
  game: GameId;
  spec: CheckSpec;
  target: string;
  intervalMs: number;
  timeoutMs: number;
  failuresToDown: number;
  remindEveryMs: number | null;
  /** null: every SUPER and ADMIN of the game; else the operators chosen. */
  audience: number[] | null;
  /** The version of the row this runtime was loaded from: a write only lands on that version. */
  stamp: number;
  state: WatchState;
  stateSince: Date | null;
  fails: number;
  firstFailAt: Date | null;
  incident: IncidentRt | null;
  checkCount: number;
  nextDue: number;
  inflight: boolean;
  /** The last passing game-status check's figures (null after a failure). */
  figures: { onlinePlayers: number; incomeToday: number | null } | null;
  windows: { start: number; end: number }[];
  /** Bumped when the runtime is dropped or replaced: a check begun before is ignored. */
  gen: number;
}

interface RuleRt {
  id: number;
  game: GameId;
  kind: NoticeKind;
  threshold: number;
  byHour: number | null;
  enabled: boolean;
  state: NoticeState;
  lastValue: number | null;
  stamp: number;
}

type AlertDraft = {
  kind: 'down' | 'recovered' | 'reminder';
  notify: boolean;
  error: string | null;
  durationSec: number | null;
};

interface CheckDecision {
  type: 'check';
  rt: ServerRt;
  stamp: number;
  at: Date;
  outcome: CheckOutcome;
  slot: number;
  checkCount: number;
  state: WatchState;
  stateSince: Date | null;
  fails: number;
  incident: IncidentRt | null;
  incidentOp: 'open' | 'close' | 'update' | null;
  alert: AlertDraft | null;
  system: SystemEvent | null;
}

interface NoticeDecision {
  type: 'notice';
  rule: RuleRt;
  stamp: number;
  at: Date;
  state: NoticeState;
  value: number | null;
  fire: boolean;
}

type Decision = CheckDecision | NoticeDecision;

/** Deterministic spread of first checks: a server's offset within its interval. */
function spreadOf(id: number, intervalMs: number): number {
  return ((id * 2654435761) >>> 0) % intervalMs;
}

export class WatchEngine {
  readonly #o: EngineSettings;
  readonly #servers = new Map<number, ServerRt>();
  readonly #rules = new Map<number, RuleRt>();
  #stamp: string | null = null;
  #needsReload = true;
  #pending: Decision[] = [];
  #flushing: Promise<void> | null = null;
  #flushTimer: NodeJS.Timeout | null = null;
  readonly #inflight = new Set<Promise<void>>();
  #timer: NodeJS.Timeout | null = null;
  #ticking: Promise<void> | null = null;
  #lastNotices = Number.NEGATIVE_INFINITY;
  #started = false;
  #stopped = false;
  #checksRun = 0;

  constructor(options: EngineOptions) {
    this.#o = {
      tickMs: 250,
      historySize: 60,
      noticesEveryMs: 10_000,
      check: runCheck,
      spreadStart: true,
      log: options.log ?? console,
      ...options,
    } as EngineSettings;
  }

  /** Loads the servers and starts the real-time tick (unless tickMs is 0). */
  async start(): Promise<void> {
    if (this.#started) return;
    this.#started = true;
    await this.#reload(true);
    if (this.#o.tickMs > 0) {
      this.#timer = setInterval(() => {
        this.#ticking ??= this.#tick().finally(() => (this.#ticking = null));
      }, this.#o.tickMs);
      this.#timer.unref();
    }
  }

  /** Stops ticking, lets the checks under way end (each has its timeout) and writes what they found. */
  async stop(): Promise<void> {
    if (this.#stopped) return;
    this.#stopped = true;
    if (this.#timer) clearInterval(this.#timer);
    await this.#ticking;
    await Promise.allSettled([...this.#inflight]);
    await this.#flushNow();
  }

  /**
   * Runs what is due now on the engine's clock, waits for those checks, and writes what they
   * decided; then evaluates the message notices. What tests (and a tickless engine) call.
   */
  async runDue(): Promise<void> {
    await this.#ticking;
    await this.#tick(true);
    await Promise.allSettled([...this.#inflight]);
    await this.#flushNow();
    await this.#evaluateNotices();
    await this.#flushNow();
  }

  /** How many checks have run (the bench reads it). */
  get checksRun(): number {
    return this.#checksRun;
  }

  /** Servers being watched now (not paused). */
  get watching(): number {
    return this.#servers.size;
  }

  async #tick(forceNotices = false): Promise<void> {
    if (this.#stopped) return;
    try {
      const stamp = await watchConfigStamp(this.#o.db);
      if (this.#needsReload || stamp !== this.#stamp) await this.#reload(false, stamp);
    } catch (err) {
      this.#o.log.error({ err }, 'server watch: could not read its configuration');
      return;
    }
    const now = this.#o.clock();
    for (const rt of this.#servers.values()) {
      if (rt.inflight || rt.nextDue > now) continue;
      // The next check is due one interval after this one was due, so checks do not drift; a
      // server far behind (the process slept) starts over from now.
      rt.nextDue = rt.nextDue + rt.intervalMs > now ? rt.nextDue + rt.intervalMs : now + rt.intervalMs;
      this.#startCheck(rt);
    }
    if (!forceNotices && now - this.#lastNotices >= this.#o.noticesEveryMs) {
      await this.#evaluateNotices();
    }
  }

  #startCheck(rt: ServerRt): void {
    rt.inflight = true;
    const gen = rt.gen;
    const spec = rt.spec;
    this.#checksRun++;
    const counters = this.#o.counters;
    const run = this.#o
      .check(spec, rt.timeoutMs)
      .then(
        (outcome) => {
          counters?.serverCheck(outcome.ok ? 'up' : 'down');
          return outcome;
        },
        // The check could not be made (a fault of the checker, not of the server): the server
        // still counts as failing it, but /metrics tells the two apart.
        (err: unknown): CheckOutcome => {
          counters?.serverCheck('error');
          return {
            ok: false,
            responseMs: null,
            error: `network: ${err instanceof Error ? err.message : String(err)}`,
            onlinePlayers: null,
            incomeToday: null,
          };
        },
      )
      .then((outcome) => {
        rt.inflight = false;
        if (rt.gen !== gen || this.#servers.get(rt.id) !== rt) return;
        this.#decide(rt, outcome, new Date(this.#o.clock()));
      })
      .finally(() => this.#inflight.delete(run));
    this.#inflight.add(run);
  }

  #inMaintenance(rt: ServerRt, at: number): boolean {
    return rt.windows.some((w) => w.start <= at && at < w.end);
  }

  /** One check's consequences, decided in memory in the order checks end. */
  #decide(rt: ServerRt, outcome: CheckOutcome, at: Date): void {
    const inMaint = this.#inMaintenance(rt, at.getTime());
    const before = rt.state;
    let incidentOp: CheckDecision['incidentOp'] = null;
    let alert: AlertDraft | null = null;
    let system: SystemEvent | null = null;
    const incidentBefore = rt.incident;

    if (outcome.ok) {
      rt.fails = 0;
      rt.firstFailAt = null;
      rt.figures =
        outcome.onlinePlayers === null
          ? null
          : { onlinePlayers: outcome.onlinePlayers, incomeToday: outcome.incomeToday };
      if (rt.incident) {
        const durationSec = Math.max(0, Math.round((at.getTime() - rt.incident.downSince.getTime()) / 1000));
        // A recovery inside a maintenance window is written down, but raises no notification.
        alert = { kind: 'recovered', notify: !inMaint, error: null, durationSec };
        incidentOp = 'close';
        system = {
          at,
          kind: 'serverWatch.recovered',
          level: 'info',
          game: rt.game,
          subject: rt.name,
          detail: { serverId: rt.id, target: rt.target, durationSec },
        };
        rt.incident = null;
      }
      rt.state = inMaint ? 'maintenance' : 'up';
    } else {
      rt.fails += 1;
      rt.firstFailAt ??= at;
      rt.figures = null;
      const error = outcome.error ?? 'network: failed';
      if (rt.incident) {
        rt.incident.failedChecks += 1;
        rt.incident.lastError = error;
        incidentOp = 'update';
        const remind = rt.remindEveryMs;
        if (!inMaint && remind !== null && at.getTime() - rt.incident.lastAlertAt.getTime() >= remind) {
          rt.incident.reminders += 1;
          rt.incident.lastAlertAt = at;
          const durationSec = Math.round((at.getTime() - rt.incident.downSince.getTime()) / 1000);
          alert = { kind: 'reminder', notify: true, error, durationSec };
        }
        rt.state = inMaint ? 'maintenance' : 'down';
      } else {
        // Each failed check until the server is declared down is one of the backend's events;
        // once an incident is open it holds the count, so a day-long outage is not 8,640 rows.
        system = {
          at,
          kind: 'serverWatch.checkFailed',
          level: 'warn',
          game: rt.game,
          subject: rt.name,
          detail: { serverId: rt.id, target: rt.target, error, failures: rt.fails, of: rt.failuresToDown },
        };
        if (!inMaint && rt.fails >= rt.failuresToDown) {
          rt.incident = {
            id: null,
            downSince: rt.firstFailAt,
            lastAlertAt: at,
            reminders: 0,
            failedChecks: rt.fails,
            lastError: error,
          };
          incidentOp = 'open';
          alert = { kind: 'down', notify: true, error, durationSec: null };
          system = { ...system, kind: 'serverWatch.down', level: 'error' };
          rt.state = 'down';
        } else if (inMaint) {
          rt.state = 'maintenance';
        }
        // Otherwise the state stays what it was (up, or unknown before the first pass) and
        // consecutiveFailures says how close it is to down.
      }
    }
    if (rt.state !== before || rt.stateSince === null) rt.stateSince = at;
    rt.checkCount += 1;
    this.#queue({
      type: 'check',
      rt,
      stamp: rt.stamp,
      at,
      outcome,
      slot: rt.checkCount % this.#o.historySize,
      checkCount: rt.checkCount,
      state: rt.state,
      stateSince: rt.stateSince,
      fails: rt.fails,
      incident: incidentOp === 'close' ? incidentBefore : rt.incident,
      incidentOp,
      alert,
      system,
    });
  }

  #queue(d: Decision): void {
    this.#pending.push(d);
    const urgent = (d.type === 'check' && d.alert !== null) || (d.type === 'notice' && d.fire);
    if (urgent) {
      void this.#flushNow();
    } else if (!this.#flushTimer) {
      this.#flushTimer = setTimeout(() => void this.#flushNow(), FLUSH_DELAY_MS);
      this.#flushTimer.unref();
    }
  }

  /** Writes everything pending, one batch at a time; resolves when nothing is left. */
  async #flushNow(): Promise<void> {
    if (this.#flushTimer) {
      clearTimeout(this.#flushTimer);
      this.#flushTimer = null;
    }
    while (this.#flushing) await this.#flushing;
    if (this.#pending.length === 0) return;
    const batch = this.#pending;
    this.#pending = [];
    this.#flushing = this.#write(batch).finally(() => (this.#flushing = null));
    await this.#flushing;
    if (this.#pending.length > 0) await this.#flushNow();
  }

  async #write(batch: Decision[]): Promise<void> {
    const system: SystemEvent[] = [];
    let lastSeq = 0;
    try {
      await this.#o.db.transaction().execute(async (trx) => {
        const checks = batch.filter((d): d is CheckDecision => d.type === 'check');
        const notices = batch.filter((d): d is NoticeDecision => d.type === 'notice');
        if (checks.some((d) => d.alert) || notices.some((d) => d.fire)) await lockAlertLog(trx);
        const current = await this.#lockServers(trx, [...new Set(checks.map((d) => d.rt.id))]);
        const live = checks.filter((d) => current.get(d.rt.id) === d.stamp);
        for (const d of checks) if (current.get(d.rt.id) !== d.stamp) this.#needsReload = true;

        for (const d of live) {
          const seq = await this.#writeIncidentAndAlert(trx, d);
          if (seq > lastSeq) lastSeq = seq;
          if (d.system) system.push(d.system);
        }
        await this.#writeServerStates(trx, live);
        await this.#writeHistory(trx, live);
        for (const d of notices) {
          const seq = await this.#writeNotice(trx, d);
          if (seq > lastSeq) lastSeq = seq;
        }
        // Every backend's long-polls hear of it once it commits (this one's are woken below).
        if (lastSeq > 0) await this.#o.hub.announce(trx, lastSeq);
      });
    } catch (err) {
      // What was decided in memory may not be what the database holds now: read it again.
      this.#needsReload = true;
      this.#o.log.error({ err }, 'server watch: could not write check results');
      return;
    }
    if (lastSeq > 0) this.#o.hub.appended(lastSeq);
    for (const e of system) await recordSystemEvent(this.#o.db, e, this.#o.log);
  }

  async #lockServers(trx: Kysely<Database>, ids: number[]): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const rows = await trx
      .selectFrom('watched_servers')
      .select(['id', 'version', 'paused'])
      .where('id', 'in', ids)
      .orderBy('id')
      .forUpdate()
      .execute();
    return new Map(rows.filter((r) => !r.paused).map((r) => [r.id, r.version]));
  }

  async #writeIncidentAndAlert(trx: Kysely<Database>, d: CheckDecision): Promise<number> {
    const inc = d.incident;
    if (inc && d.incidentOp === 'open') {
      const row = await trx
        .insertInto('server_watch_incidents')
        .values({
          server_id: d.rt.id,
          down_since: inc.downSince,
          detected_at: d.at,
          last_error: inc.lastError,
          failed_checks: inc.failedChecks,
          last_alert_at: inc.lastAlertAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      inc.id = row.id;
    } else if (inc && inc.id !== null && d.incidentOp === 'close') {
      await trx
        .updateTable('server_watch_incidents')
        .set({ ended_at: d.at, ended_by: 'recovered' })
        .where('id', '=', inc.id)
        .where('ended_at', 'is', null)
        .execute();
    } else if (inc && inc.id !== null && d.incidentOp === 'update') {
      await trx
        .updateTable('server_watch_incidents')
        .set({
          failed_checks: inc.failedChecks,
          last_error: inc.lastError,
          reminders: inc.reminders,
          last_alert_at: inc.lastAlertAt,
        })
        .where('id', '=', inc.id)
        .execute();
    }
    if (!d.alert) return 0;
    const row = await trx
      .insertInto('server_watch_events')
      .values({
        at: d.at,
        kind: d.alert.kind,
        game: d.rt.game,
        server_id: d.rt.id,
        server_name: d.rt.name,
        incident_id: inc?.id ?? null,
        down_since: inc?.downSince ?? null,
        duration_sec: d.alert.durationSec,
        error: d.alert.error,
        notice: null,
        notify: d.alert.notify,
        audience: d.rt.audience === null ? null : jsonValue(d.rt.audience),
      })
      .returning('seq')
      .executeTakeFirstOrThrow();
    return Number(row.seq);
  }

  /** One statement for every server of the batch (its last decision wins). */
  async #writeServerStates(trx: Kysely<Database>, live: CheckDecision[]): Promise<void> {
    const last = new Map<number, CheckDecision>();
    for (const d of live) last.set(d.rt.id, d);
    if (last.size === 0) return;
    const values = [...last.values()].map(
      (d) => sql`(${d.rt.id}::int, ${d.state}::text, ${d.stateSince}::timestamptz, ${d.at}::timestamptz,
        ${d.outcome.responseMs}::int, ${d.outcome.ok ? null : d.outcome.error}::text, ${d.fails}::int,
        ${d.outcome.ok ? d.outcome.onlinePlayers : null}::int, ${d.outcome.ok ? d.outcome.incomeToday : null}::bigint,
        ${d.incidentOp === 'close' ? null : (d.incident?.id ?? null)}::int, ${d.checkCount}::int)`,
    );
    await sql`update watched_servers as w set
        state = v.state, state_since = v.state_since, last_check_at = v.at,
        last_response_ms = v.ms, last_error = v.err, consecutive_failures = v.fails,
        online_players = coalesce(v.players, case when v.err is null then w.online_players end),
        income_today = coalesce(v.income, case when v.err is null then w.income_today end),
        open_incident_id = v.incident, check_count = v.count
      from (values ${sql.join(values)}) as v(id, state, state_since, at, ms, err, fails, players, income, incident, count)
      where w.id = v.id`.execute(trx);
  }

  async #writeHistory(trx: Kysely<Database>, live: CheckDecision[]): Promise<void> {
    // One row per slot: a batch longer than the ring keeps each slot's newest.
    const bySlot = new Map<string, CheckDecision>();
    for (const d of live) bySlot.set(`${d.rt.id}:${d.slot}`, d);
    if (bySlot.size === 0) return;
    await trx
      .insertInto('server_watch_checks')
      .values(
        [...bySlot.values()].map((d) => ({
          server_id: d.rt.id,
          slot: d.slot,
          at: d.at,
          ok: d.outcome.ok,
          response_ms: d.outcome.responseMs,
          error: d.outcome.ok ? null : d.outcome.error,
          online_players: d.outcome.onlinePlayers,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['server_id', 'slot']).doUpdateSet((eb) => ({
          at: eb.ref('excluded.at'),
          ok: eb.ref('excluded.ok'),
          response_ms: eb.ref('excluded.response_ms'),
          error: eb.ref('excluded.error'),
          online_players: eb.ref('excluded.online_players'),
        })),
      )
      .execute();
  }

  async #writeNotice(trx: Kysely<Database>, d: NoticeDecision): Promise<number> {
    const updated = await trx
      .updateTable('notice_rules')
      .set({
        state: d.state,
        last_value: d.value,
        last_evaluated_at: d.at,
        ...(d.fire ? { last_fired_at: d.at } : {}),
      })
      .where('id', '=', d.rule.id)
      .where('version', '=', d.stamp)
      .where('enabled', '=', true)
      .returning('id')
      .executeTakeFirst();
    if (!updated) {
      this.#needsReload = true;
      return 0;
    }
    if (!d.fire || d.value === null) return 0;
    const row = await trx
      .insertInto('server_watch_events')
      .values({
        at: d.at,
        kind: 'notice',
        game: d.rule.game,
        server_id: null,
        server_name: '',
        incident_id: null,
        down_since: null,
        duration_sec: null,
        error: null,
        notice: jsonValue({
          ruleId: d.rule.id,
          kind: d.rule.kind,
          threshold: d.rule.threshold,
          value: d.value,
          byHour: d.rule.byHour,
        }),
        notify: true,
        audience: null,
      })
      .returning('seq')
      .executeTakeFirstOrThrow();
    return Number(row.seq);
  }

  /** The message notices against the figures the last checks reported. */
  async #evaluateNotices(): Promise<void> {
    const now = this.#o.clock();
    this.#lastNotices = now;
    if (this.#rules.size === 0) return;
    const statuses: StatusFigure[] = [];
    for (const rt of this.#servers.values()) {
      if (rt.spec.kind === 'gameStatus' && rt.figures && rt.fails === 0)
        statuses.push({ game: rt.game, ...rt.figures });
    }
    const at = new Date(now);
    const source = { db: this.#o.db, now: at, statuses };
    const byGame = new Map<GameId, Awaited<ReturnType<typeof gameFigures>>>();
    for (const rule of this.#rules.values()) {
      if (!rule.enabled) continue;
      let figures = byGame.get(rule.game);
      if (!figures) byGame.set(rule.game, (figures = await gameFigures(source, rule.game)));
      const verdict = evaluateCondition(rule, figures, now);
      const next = nextNoticeState(rule.state, verdict);
      if (next.state === rule.state && verdict.value === rule.lastValue && !next.fire) continue;
      rule.state = next.state;
      if (verdict.value !== null) rule.lastValue = verdict.value;
      this.#queue({
        type: 'notice',
        rule,
        stamp: rule.stamp,
        at,
        state: next.state,
        value: verdict.value ?? rule.lastValue,
        fire: next.fire,
      });
    }
  }

  /**
   * Reads the configuration (servers not paused, their maintenance windows and open incidents,
   * the notices). A server whose row is unchanged keeps its runtime; a new or changed one takes
   * its state from the row, which is the truth after an operator's change.
   */
  async #reload(first: boolean, stamp?: string): Promise<void> {
    const db = this.#o.db;
    const readStamp = stamp ?? (await watchConfigStamp(db));
    const now = this.#o.clock();
    const rows = await db.selectFrom('watched_servers').selectAll().where('paused', '=', false).execute();
    const ids = rows.map((r) => r.id);
    const windows = ids.length
      ? await db
          .selectFrom('server_watch_maintenance')
          .select(['server_id', 'starts_at', 'ends_at'])
          .where('server_id', 'in', ids)
          .where('ends_at', '>', new Date(now))
          .execute()
      : [];
    const incidentIds = rows.flatMap((r) => (r.open_incident_id === null ? [] : [r.open_incident_id]));
    const incidents = incidentIds.length
      ? await db.selectFrom('server_watch_incidents').selectAll().where('id', 'in', incidentIds).execute()
      : [];
    const ruleRows = await db.selectFrom('notice_rules').selectAll().execute();

    const forceAll = this.#needsReload;
    this.#needsReload = false;
    const seen = new Set<number>();
    for (const row of rows) {
      seen.add(row.id);
      const stampMs = row.version;
      const existing = this.#servers.get(row.id);
      const wins = windows
        .filter((w) => w.server_id === row.id)
        .map((w) => ({ start: w.starts_at.getTime(), end: w.ends_at.getTime() }));
      if (existing && existing.stamp === stampMs && !forceAll) {
        existing.windows = wins;
        continue;
      }
      const parsed = checkSchema.safeParse(row.check_spec);
      if (!parsed.success) {
        this.#o.log.error({ serverId: row.id }, 'server watch: a stored check is not valid; skipped');
        continue;
      }
      const inc = incidents.find((i) => i.id === row.open_incident_id && i.ended_at === null);
      const intervalMs = row.interval_sec * 1000;
      const sameCheck = existing && JSON.stringify(existing.spec) === JSON.stringify(parsed.data);
      const rt: ServerRt = {
        id: row.id,
        name: row.name,
        game: row.game as GameId,
        spec: parsed.data,
        target: checkTarget(parsed.data),
        intervalMs,
        timeoutMs: row.timeout_ms,
        failuresToDown: row.failures_to_down,
        remindEveryMs: row.remind_every_min === null ? null : row.remind_every_min * 60_000,
        audience: row.notify_kind === 'operators' ? (row.notify_operator_ids as number[]) : null,
        stamp: stampMs,
        state: row.state,
        stateSince: row.state_since,
        fails: row.consecutive_failures,
        // The streak's first failure is not stored; the first failed check's time is near enough
        // after a restart (an open incident keeps its own down-since).
        firstFailAt: row.consecutive_failures > 0 ? (row.last_check_at ?? new Date(now)) : null,
        incident: inc
          ? {
              id: inc.id,
              downSince: inc.down_since,
              lastAlertAt: inc.last_alert_at,
              reminders: inc.reminders,
              failedChecks: inc.failed_checks,
              lastError: inc.last_error,
            }
          : null,
        checkCount: row.check_count,
        nextDue: existing
          ? sameCheck
            ? existing.nextDue
            : now
          : first && this.#o.spreadStart
            ? now + spreadOf(row.id, intervalMs)
            : now,
        inflight: false,
        figures:
          row.online_players !== null && row.consecutive_failures === 0 && row.state !== 'unknown'
            ? {
                onlinePlayers: row.online_players,
                incomeToday: row.income_today === null ? null : Number(row.income_today),
              }
            : null,
        windows: wins,
        gen: (existing?.gen ?? 0) + 1,
      };
      if (existing) existing.gen += 1;
      this.#servers.set(row.id, rt);
    }
    for (const [id, rt] of this.#servers) {
      if (!seen.has(id)) {
        rt.gen += 1;
        this.#servers.delete(id);
      }
    }

    const seenRules = new Set<number>();
    for (const r of ruleRows) {
      seenRules.add(r.id);
      const existing = this.#rules.get(r.id);
      if (existing && existing.stamp === r.version && !forceAll) continue;
      this.#rules.set(r.id, {
        id: r.id,
        game: r.game as GameId,
        kind: r.kind,
        threshold: Number(r.threshold),
        byHour: r.by_hour,
        enabled: r.enabled,
        state: r.state,
        lastValue: r.last_value === null ? null : Number(r.last_value),
        stamp: r.version,
      });
    }
    for (const id of [...this.#rules.keys()]) if (!seenRules.has(id)) this.#rules.delete(id);
    this.#stamp = readStamp;
  }
}
