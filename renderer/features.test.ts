import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { rendererFeature, topBarWidget } from './feature.js';
import { SHELL, topBarOf } from './features.js';

const rendererDir = fileURLToPath(new URL('.', import.meta.url));

const widgetModule = () => Promise.resolve({ Widget: () => null });
const widget = (id: string, place: 'start' | 'end', order: number) =>
  topBarWidget({ id, place, order }, widgetModule, 'Widget');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

describe('the top bar’s widgets', () => {
  it('stand in the order the features declare, the start before the end, whatever the list’s order', () => {
    const a = rendererFeature({
      id: 'a',
      topBar: [widget('a.late', 'end', 30), widget('a.first', 'start', 5)],
    });
    const b = rendererFeature({ id: 'b', topBar: [widget('b.early', 'end', 10)] });
    expect(topBarOf([a, b]).map((w) => w.id)).toEqual(['a.first', 'b.early', 'a.late']);
    expect(topBarOf([b, a]).map((w) => w.id)).toEqual(['a.first', 'b.early', 'a.late']);
  });

  it('refuse two widgets with one id, or in one place at one position', () => {
    const a = rendererFeature({ id: 'a', topBar: [widget('x.bell', 'end', 10)] });
    expect(() => topBarOf([a, rendererFeature({ id: 'b', topBar: [widget('x.bell', 'end', 20)] })])).toThrow(
      /x\.bell/,
    );
    expect(() => topBarOf([a, rendererFeature({ id: 'b', topBar: [widget('b.bell', 'end', 10)] })])).toThrow(
      /end 10/,
    );
  });

  it('are the features’ own: shortcuts, updates, server watch’s bell and the to-do popup', () => {
    expect(SHELL.topBar.map((w) => `${w.place} ${w.id}`)).toEqual([
      'start shortcuts.pinned',
      'start shortcuts.keys',
      'end updates.button',
      'end serverWatch.bell',
      'end todo.popup',
    ]);
  });

  it('load once however often the frame asks for them', async () => {
    let loads = 0;
    const w = topBarWidget(
      { id: 'a.w', place: 'end', order: 1 },
      () => {
        loads += 1;
        return widgetModule();
      },
      'Widget',
    );
    const [first, second] = await Promise.all([w.preload(), w.preload()]);
    expect(first).toBe(second);
    await w.preload();
    expect(loads).toBe(1);
  });
});

describe('the feature list', () => {
  it('is imported only from above the features (app root, router, catalogue), so no feature imports it back', () => {
    const importers = sources(rendererDir)
      .filter((f) => /from '(\.\.?\/)+features\.js'/.test(readFileSync(f, 'utf8')))
      .map((f) => relative(rendererDir, f))
      .sort();
    expect(importers).toEqual([
      'app/App.tsx',
      'i18n/resources.ts',
      'routing/Screen.tsx',
      'routing/prepareOnNavigation.ts',
    ]);
  });
});
