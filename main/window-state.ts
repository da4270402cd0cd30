import { z } from 'zod';
import type { KeyValueStore } from './storage/kv.js';

/**
 * The window's size, position and maximised state, remembered per display (issue 10). Restored
 * only onto the display it was last on, if that display is still connected, and clamped to its
 * work area (a smaller resolution, a moved taskbar); otherwise the window opens at its default
 * size, centred on the primary display. Plain functions: menu-free, Electron-free, tested.
 */

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface DisplayLike {
  id: number;
  workArea: Rect;
}

const rectSchema = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});

const savedSchema = z.object({ bounds: rectSchema, maximized: z.boolean() });
export type SavedWindow = z.infer<typeof savedSchema>;

const stateSchema = z.object({
  byDisplay: z.record(z.string(), savedSchema),
  lastDisplay: z.string().nullable(),
});
export type WindowState = z.infer<typeof stateSchema>;

export const WINDOW_STATE_KEY = 'windowState';
export const EMPTY_WINDOW_STATE: WindowState = { byDisplay: {}, lastDisplay: null };

export interface WindowSizes {
  width: number;
  height: number;
  minWidth: number;
  minHeight: number;
}

export function readWindowState(kv: KeyValueStore): WindowState {
  const parsed = stateSchema.safeParse(kv.get(WINDOW_STATE_KEY));
  return parsed.success ? parsed.data : EMPTY_WINDOW_STATE;
}

export function saveWindowState(kv: KeyValueStore, state: WindowState): void {
  kv.set(WINDOW_STATE_KEY, state);
}

/** The window as it is now, noted for the display it is on (the one it overlaps most). */
export function recordWindow(
  state: WindowState,
  displays: readonly DisplayLike[],
  bounds: Rect,
  maximized: boolean,
): WindowState {
  const display = displayOf(bounds, displays);
  if (!display) return state;
  const key = String(display.id);
  return {
    byDisplay: { ...state.byDisplay, [key]: { bounds: roundRect(bounds), maximized } },
    lastDisplay: key,
  };
}

export interface Placement {
  /** x and y are absent when the window should be centred (Electron's default). */
  bounds: { width: number; height: number; x?: number; y?: number };
  maximized: boolean;
}

export function restoreWindow(
  state: WindowState,
  displays: readonly DisplayLike[],
  primary: DisplayLike,
  sizes: WindowSizes,
): Placement {
  const key = state.lastDisplay;
  const saved = key === null ? undefined : state.byDisplay[key];
  const display = displays.find((d) => String(d.id) === key);
  if (!saved || !display) {
    const area = primary.workArea;
    const width = Math.min(sizes.width, area.width);
    const height = Math.min(sizes.height, area.height);
    return {
      bounds: {
        width,
        height,
        x: Math.round(area.x + (area.width - width) / 2),
        y: Math.round(area.y + (area.height - height) / 2),
      },
      maximized: false,
    };
  }
  const area = display.workArea;
  const width = clamp(saved.bounds.width, Math.min(sizes.minWidth, area.width), area.width);
  const height = clamp(saved.bounds.height, Math.min(sizes.minHeight, area.height), area.height);
  return {
    bounds: {
      width,
      height,
      x: clamp(saved.bounds.x, area.x, area.x + area.width - width),
      y: clamp(saved.bounds.y, area.y, area.y + area.height - height),
    },
    maximized: saved.maximized,
  };
}

/** The display a rectangle overlaps most; its centre's display when it overlaps none. */
export function displayOf(bounds: Rect, displays: readonly DisplayLike[]): DisplayLike | undefined {
  let best: { d: DisplayLike; area: number } | undefined;
  for (const d of displays) {
    const area = overlap(bounds, d.workArea);
    if (area > 0 && (!best || area > best.area)) best = { d, area };
  }
  if (best) return best.d;
  const cx = bounds.x + bounds.width / 2;
  const cy = bounds.y + bounds.height / 2;
  let nearest: { d: DisplayLike; dist: number } | undefined;
  for (const d of displays) {
    const w = d.workArea;
    const dx = Math.max(w.x - cx, 0, cx - (w.x + w.width));
    const dy = Math.max(w.y - cy, 0, cy - (w.y + w.height));
    const dist = dx * dx + dy * dy;
    if (!nearest || dist < nearest.dist) nearest = { d, dist };
  }
  return nearest?.d;
}

function overlap(a: Rect, b: Rect): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.round(Math.min(Math.max(v, lo), Math.max(lo, hi)));
}

function roundRect(r: Rect): Rect {
  return { x: Math.round(r.x), y: Math.round(r.y), width: Math.round(r.width), height: Math.round(r.height) };
}
