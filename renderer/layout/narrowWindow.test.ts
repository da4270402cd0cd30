import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NARROW_WINDOW_PX } from '../../shared/constants.js';
import { NARROW_WINDOW_QUERY } from './narrowWindow.js';

const css = readFileSync(new URL('../styles.css', import.meta.url), 'utf8');

describe('the narrow-window rule', () => {
  it('is the same query in the style sheet as in the script', () => {
    const queries = [...css.matchAll(/@media\s+([^{]+?)\s*\{/g)]
      .map((m) => m[1] ?? '')
      .filter((q) => q.includes('width'));
    expect(queries.length).toBeGreaterThan(0);
    for (const q of queries) expect(q).toBe(NARROW_WINDOW_QUERY);
  });

  it('makes the menu a drawer strictly below 900 px', () => {
    expect(NARROW_WINDOW_PX).toBe(900);
    expect(NARROW_WINDOW_QUERY).toBe('(width < 900px)');
  });
});
