import { Codes } from '../../shared/codes.js';
import { describeIssues, issuesOf, toResultError } from '../../shared/envelope.js';
import {
  EVENT_CHANNELS,
  REQUEST_CHANNELS,
  isRequestChannel,
  type EventChannel,
  type RequestChannel,
  type RequestChannels,
} from '../../shared/ipc.js';
import { REQUEST_SCHEMAS } from '../../shared/ipc-schemas.js';

/**
 * Main is a set of services (DESIGN.md): each answers its own request channels and sends its own
 * events, and this registry composes them. A new capability (server watch, notifications,
 * updates) is a new service in the list, not an edit of a central file, and the registry refuses
 * a composition where a channel of the contract has no owner or two.
 */

export type RequestHandler<K extends RequestChannel> = (
  input: RequestChannels[K]['input'],
) => Promise<RequestChannels[K]['output']>;

export type RequestHandlers = { [K in RequestChannel]: RequestHandler<K> };

export interface MainService {
  /** For messages: "settings", "session", ... */
  readonly name: string;
  /** The request channels this service answers, each taking input already validated. */
  readonly handlers: Partial<RequestHandlers>;
  /** The event channels this service sends. */
  readonly emits?: readonly EventChannel[];
  /** Runs once all services exist, in the order they were listed. */
  start?(): Promise<void>;
  /** Runs at shutdown, in the reverse order. */
  close?(): Promise<void>;
}

export interface ServiceRegistry {
  handlers: RequestHandlers;
  /** Which service answers each request channel, and which sends each event. */
  owners: { requests: Record<RequestChannel, string>; events: Record<EventChannel, string> };
  /**
   * Validates untrusted input with REQUEST_SCHEMAS and runs the channel's handler. An unknown
   * channel or bad input is answered with a Result error, never a throw.
   */
  dispatch(channel: string, input: unknown): Promise<unknown>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export function composeServices(services: readonly MainService[]): ServiceRegistry {
  const requestOwners = new Map<string, string[]>();
  const eventOwners = new Map<string, string[]>();
  for (const s of services) {
    for (const channel of Object.keys(s.handlers))
      requestOwners.set(channel, [...(requestOwners.get(channel) ?? []), s.name]);
    for (const event of s.emits ?? []) eventOwners.set(event, [...(eventOwners.get(event) ?? []), s.name]);
  }
  const problems: string[] = [];
  const check = (kind: string, declared: readonly string[], owners: Map<string, string[]>) => {
    for (const channel of declared) {
      const who = owners.get(channel) ?? [];
      if (who.length === 0) problems.push(`${kind} ${channel} has no service`);
      if (who.length > 1) problems.push(`${kind} ${channel} is claimed by ${who.join(' and ')}`);
    }
    for (const channel of owners.keys()) {
      if (!declared.includes(channel)) problems.push(`${kind} ${channel} is not in the IPC contract`);
    }
  };
  check('request channel', REQUEST_CHANNELS, requestOwners);
  check('event channel', EVENT_CHANNELS, eventOwners);
  if (problems.length > 0) throw new Error(`main's services do not compose: ${problems.join('; ')}`);

  const handlers = Object.fromEntries(services.flatMap((s) => Object.entries(s.handlers))) as RequestHandlers;
  const ownerOf = (owners: Map<string, string[]>) =>
    Object.fromEntries([...owners].map(([channel, who]) => [channel, who[0]!]));

  let closed: Promise<void> | null = null;
  return {
    handlers,
    owners: {
      requests: ownerOf(requestOwners) as Record<RequestChannel, string>,
      events: ownerOf(eventOwners) as Record<EventChannel, string>,
    },
    async dispatch(channel, raw) {
      if (!isRequestChannel(channel)) {
        return {
          ok: false,
          error: { code: Codes.UNKNOWN_ENDPOINT, message: `no channel ${String(channel)}` },
        };
      }
      const parsed = REQUEST_SCHEMAS[channel].safeParse(raw);
      if (!parsed.success) {
        const details = issuesOf(parsed.error);
        return { ok: false, error: { code: Codes.VALIDATION, message: describeIssues(details), details } };
      }
      try {
        const handler = handlers[channel] as (input: unknown) => Promise<unknown>;
        return await handler(parsed.data);
      } catch (err) {
        console.error(`[gameops] ${channel} failed:`, err);
        return { ok: false, error: toResultError(err) };
      }
    },
    async start() {
      for (const s of services) await s.start?.();
    },
    close() {
      closed ??= (async () => {
        for (const s of [...services].reverse()) {
          try {
            await s.close?.();
          } catch (err) {
            // One service failing to stop must not keep the others (the backend's database) open.
            console.error(`[gameops] the ${s.name} service did not close cleanly:`, err);
          }
        }
      })();
      return closed;
    },
  };
}
