import { useSyncExternalStore } from 'react';
import type { UpdateState } from '../../shared/ipc.js';
import { bridge } from '../bridge/bridge.js';

/**
 * The updater's state as main reports it (updates:get, then every updates:state event), kept once
 * for the whole window: the top bar's button, the update dialog and the About box read the same.
 */

let current: UpdateState | null = null;
const listeners = new Set<() => void>();
let started = false;

function set(next: UpdateState): void {
  current = next;
  for (const l of [...listeners]) l();
}

function start(): void {
  if (started) return;
  started = true;
  bridge().on('updates:state', set);
  bridge()
    .updates.get()
    .then((s) => {
      // An event may have come first; it is newer than this answer.
      if (!current) set(s);
    })
    .catch(() => {
      // The updater only adds to the screens; without an answer they show nothing of it.
    });
}

function subscribe(listener: () => void): () => void {
  start();
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function useUpdateState(): UpdateState | null {
  return useSyncExternalStore(subscribe, () => current);
}

/** Takes a state main answered (Check now) without waiting for its event. */
export function applyUpdateState(state: UpdateState): void {
  set(state);
}

/** Who wants the update dialog open: the top bar's button, the menu (updates:show). */
const openers = new Set<() => void>();
export function onOpenUpdateDialog(listener: () => void): () => void {
  openers.add(listener);
  return () => void openers.delete(listener);
}
export function openUpdateDialog(): void {
  for (const l of [...openers]) l();
}
