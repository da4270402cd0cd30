import type { EventChannel, EventChannels } from '../shared/ipc.js';

export type EventListener<E extends EventChannel> = (payload: EventChannels[E]) => void;

/** The core's side of the event channels: Electron forwards to the window, the host to SSE. */
export interface EventHub {
  emit<E extends EventChannel>(event: E, payload: EventChannels[E]): void;
  on<E extends EventChannel>(event: E, listener: EventListener<E>): () => void;
  /** Every event, for transports that forward all of them. */
  onAny(listener: <E extends EventChannel>(event: E, payload: EventChannels[E]) => void): () => void;
}

export function createEventHub(): EventHub {
  const byEvent = new Map<EventChannel, Set<(payload: unknown) => void>>();
  const any = new Set<(event: EventChannel, payload: unknown) => void>();
  return {
    emit(event, payload) {
      // A listener that throws must not keep the others (or the caller) from hearing the event.
      for (const l of [...(byEvent.get(event) ?? [])]) safely(() => l(payload));
      for (const l of [...any]) safely(() => l(event, payload));
    },
    on(event, listener) {
      let set = byEvent.get(event);
      if (!set) byEvent.set(event, (set = new Set()));
      const l = listener as (payload: unknown) => void;
      set.add(l);
      return () => void set.delete(l);
    },
    onAny(listener) {
      const l = listener as (event: EventChannel, payload: unknown) => void;
      any.add(l);
      return () => void any.delete(l);
    },
  };
}

function safely(fn: () => void): void {
  try {
    fn();
  } catch (err) {
    console.error('[gameops] event listener failed:', err);
  }
}
