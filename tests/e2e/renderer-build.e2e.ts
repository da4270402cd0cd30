import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { initialScripts } from '../../bench/desktop.js';
import { RENDERER_DIR } from './support.js';

/**
 * The built renderer the end-to-end tests run on, as the desktop app ships it: the scripts of the
 * first paint carry V8's compile hint as their first line (vite.config.ts), the lazy chunks do not.
 */
describe('the built renderer', () => {
  const html = readFileSync(join(RENDERER_DIR, 'index.html'), 'utf8');
  const initial = initialScripts(html).map((f) => f.replace(/^\.?\//, ''));

  it('marks the first paint’s scripts for eager compilation, and only those', () => {
    expect(initial.length).toBeGreaterThan(1);
    for (const file of initial)
      expect(
        readFileSync(join(RENDERER_DIR, file), 'utf8').startsWith('//# allFunctionsCalledOnLoad\n'),
        file,
      ).toBe(true);
    const lazy = readdirSync(join(RENDERER_DIR, 'assets'))
      .filter((f) => f.endsWith('.js'))
      .map((f) => `assets/${f}`)
      .filter((f) => !initial.includes(f));
    expect(lazy.length).toBeGreaterThan(10);
    for (const file of lazy)
      expect(readFileSync(join(RENDERER_DIR, file), 'utf8').includes('allFunctionsCalledOnLoad'), file).toBe(
        false,
      );
  });

  it('keeps each hinted script’s source map in step with its lines', () => {
    const mapped = initial.filter((f) => existsSync(join(RENDERER_DIR, `${f}.map`)));
    expect(mapped.length).toBeGreaterThan(0);
    for (const file of mapped) {
      const map = JSON.parse(readFileSync(join(RENDERER_DIR, `${file}.map`), 'utf8')) as { mappings: string };
      // The hint's line maps to nothing; the code's first line keeps its mappings on line 2.
      expect(map.mappings.startsWith(';'), file).toBe(true);
    }
  });

  it('evaluates no endpoint schema at the first paint: zod is not among its scripts', () => {
    const zod = readdirSync(join(RENDERER_DIR, 'assets'))
      .filter((f) => f.endsWith('.js'))
      .filter((f) => readFileSync(join(RENDERER_DIR, 'assets', f), 'utf8').includes('$ZodType'));
    // The schemas are in the build, for the screens that load them.
    expect(zod.length).toBeGreaterThan(0);
    for (const file of initial) expect(zod, file).not.toContain(file.replace(/^assets\//, ''));
  });
});
