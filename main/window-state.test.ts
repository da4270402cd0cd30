import { describe, expect, it } from 'vitest';
import { createMemoryKv } from './storage/kv.js';
import {
  EMPTY_WINDOW_STATE,
  WINDOW_STATE_KEY,
  displayOf,
  readWindowState,
  recordWindow,
  restoreWindow,
  saveWindowState,
  type DisplayLike,
} from './window-state.js';

const sizes = { width: 1360, height: 860, minWidth: 720, minHeight: 520 };
const laptop: DisplayLike = { id: 1, workArea: { x: 0, y: 0, width: 1440, height: 875 } };
const monitor: DisplayLike = { id: 2, workArea: { x: 1440, y: -200, width: 2560, height: 1400 } };

describe('window state', () => {
  it('opens at the default size, centred on the primary display, the first time', () => {
    expect(restoreWindow(EMPTY_WINDOW_STATE, [laptop], laptop, sizes)).toEqual({
      bounds: { width: 1360, height: 860, x: 40, y: 8 },
      maximized: false,
    });
    // A small screen gets a window that fits it.
    const small: DisplayLike = { id: 9, workArea: { x: 0, y: 0, width: 1024, height: 700 } };
    expect(restoreWindow(EMPTY_WINDOW_STATE, [small], small, sizes).bounds).toEqual({
      width: 1024,
      height: 700,
      x: 0,
      y: 0,
    });
  });

  it('remembers size, position and maximised state for each display, and comes back to the last one', () => {
    let state = recordWindow(
      EMPTY_WINDOW_STATE,
      [laptop, monitor],
      { x: 100, y: 50, width: 1000, height: 700 },
      false,
    );
    state = recordWindow(state, [laptop, monitor], { x: 1600, y: 0, width: 1800, height: 1100 }, true);
    expect(Object.keys(state.byDisplay).sort()).toEqual(['1', '2']);
    expect(state.lastDisplay).toBe('2');
    expect(restoreWindow(state, [laptop, monitor], laptop, sizes)).toEqual({
      bounds: { x: 1600, y: 0, width: 1800, height: 1100 },
      maximized: true,
    });
    // Dragged back to the laptop: the laptop's own place is what comes back.
    state = recordWindow(state, [laptop, monitor], { x: 100, y: 50, width: 1000, height: 700 }, false);
    expect(restoreWindow(state, [laptop, monitor], laptop, sizes)).toEqual({
      bounds: { x: 100, y: 50, width: 1000, height: 700 },
      maximized: false,
    });
  });

  it('does not restore onto a display that is gone: default place on the primary instead', () => {
    const state = recordWindow(
      EMPTY_WINDOW_STATE,
      [laptop, monitor],
      { x: 2000, y: 100, width: 1600, height: 1000 },
      true,
    );
    expect(restoreWindow(state, [laptop], laptop, sizes)).toEqual({
      bounds: { width: 1360, height: 860, x: 40, y: 8 },
      maximized: false,
    });
  });

  it('clamps to the work area when the display got smaller or the window hangs off it', () => {
    const state = recordWindow(
      EMPTY_WINDOW_STATE,
      [monitor],
      { x: 3500, y: 900, width: 2400, height: 1300 },
      false,
    );
    const smaller: DisplayLike = { id: 2, workArea: { x: 1440, y: 0, width: 1920, height: 1040 } };
    const { bounds } = restoreWindow(state, [laptop, smaller], laptop, sizes);
    expect(bounds).toEqual({ x: 1440, y: 0, width: 1920, height: 1040 });
    const offRight = recordWindow(
      EMPTY_WINDOW_STATE,
      [laptop],
      { x: 1300, y: 800, width: 800, height: 600 },
      false,
    );
    expect(restoreWindow(offRight, [laptop], laptop, sizes).bounds).toEqual({
      x: 640,
      y: 275,
      width: 800,
      height: 600,
    });
  });

  it('assigns a window to the display it overlaps most, or the nearest one', () => {
    expect(displayOf({ x: 1300, y: 0, width: 600, height: 500 }, [laptop, monitor])?.id).toBe(2);
    expect(displayOf({ x: -5000, y: 0, width: 100, height: 100 }, [laptop, monitor])?.id).toBe(1);
    expect(displayOf({ x: 0, y: 0, width: 10, height: 10 }, [])).toBeUndefined();
  });

  it('keeps its state in the store and ignores a damaged entry', () => {
    const kv = createMemoryKv();
    const state = recordWindow(
      EMPTY_WINDOW_STATE,
      [laptop],
      { x: 10, y: 20, width: 900, height: 600 },
      false,
    );
    saveWindowState(kv, state);
    expect(readWindowState(kv)).toEqual(state);
    kv.set(WINDOW_STATE_KEY, { byDisplay: { 1: { bounds: { x: 'a' } } }, lastDisplay: 1 });
    expect(readWindowState(kv)).toEqual(EMPTY_WINDOW_STATE);
  });
});
