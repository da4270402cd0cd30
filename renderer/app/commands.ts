import type { AppCommand } from '../../shared/commands.js';

/**
 * The renderer's seam for app commands (shared/commands.ts): whoever can carry out a command
 * (the command palette, the router, the session) registers a handler; whoever receives one (a
 * keyboard shortcut, the palette, the desktop menu through the bridge) runs it. Neither side has
 * to know the other.
 */
type Handler = () => void;
const handlers = new Map<AppCommand, Set<Handler>>();

export function onAppCommand(command: AppCommand, handler: Handler): () => void {
  let set = handlers.get(command);
  if (!set) handlers.set(command, (set = new Set()));
  set.add(handler);
  return () => void set.delete(handler);
}

/** Runs the command's handlers; false when nothing on screen can carry it out now. */
export function runAppCommand(command: AppCommand): boolean {
  const set = handlers.get(command);
  if (!set || set.size === 0) return false;
  for (const h of [...set]) h();
  return true;
}
