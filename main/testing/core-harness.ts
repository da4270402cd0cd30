import { createConsoleCore, type ConsoleCore, type ConsoleCoreDeps } from '../core.js';
import type { EventChannel, EventChannels } from '../../shared/ipc.js';
import { createMemoryTokenStore, type TokenStore } from '../session/token-store.js';
import { servicesAt } from '../settings/settings-store.js';
import { createMemoryKv, type KeyValueStore } from '../storage/kv.js';

export type SeenEvent = { [E in EventChannel]: { event: E; payload: EventChannels[E] } }[EventChannel];

export interface Harness {
  core: ConsoleCore;
  kv: KeyValueStore;
  tokens: TokenStore;
  events: SeenEvent[];
}

/** A core in plain Node with memory storage, its services pointed at `origin` (custom mode). */
export async function coreAgainst(origin: string, extra: Partial<ConsoleCoreDeps> = {}): Promise<Harness> {
  const kv = extra.kv ?? createMemoryKv();
  const tokens = extra.tokens ?? createMemoryTokenStore();
  const core = await createConsoleCore({
    kv,
    tokens,
    app: { name: 'GameOps Console', version: '0.0.0-test', shell: 'browser', platform: process.platform },
    defaultLanguage: 'en',
    initialSettings: { backend: 'custom', services: servicesAt(origin) },
    ...extra,
  });
  const events: SeenEvent[] = [];
  core.events.onAny((event, payload) => events.push({ event, payload } as SeenEvent));
  return { core, kv, tokens, events };
}
