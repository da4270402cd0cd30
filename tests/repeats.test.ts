import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * No run of six or more identical lines repeats in the code that ships (issue 25): where the
 * logic is the same, one piece of code serves. Lines are compared with their white space folded;
 * blank lines, comments, lone punctuation and import statements are passed over (as `duplicates`
 * does). Tests, test kits and released migrations are exempt: a migration is never edited.
 */
const root = fileURLToPath(new URL('../', import.meta.url));
const LAYERS = ['shared', 'server', 'main', 'preload', 'renderer'];
const RUN = 6;
const EXEMPT = /(\.test\.tsx?|[\\/]test-kit\.ts|[\\/]migrations\.ts|[\\/]platform-migrations\.ts)$/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sources(path);
    return /\.tsx?$/.test(e.name) && !EXEMPT.test(path) ? [path] : [];
  });
}

/** The lines that count, each with its line number. */
function meaningful(text: string): { line: number; text: string }[] {
  return text.split('\n').flatMap((raw, i) => {
    const t = raw.trim().replace(/\s+/g, ' ');
    const skip = t === '' || /^(\/\/|\/\*|\*)/.test(t) || /^[[\]{}();,]+$/.test(t) || /^import\b/.test(t);
    return skip ? [] : [{ line: i + 1, text: t }];
  });
}

/** Every run of RUN lines found in more than one place, with its places. */
function repeatedRuns(files: readonly string[]): { places: string[]; first: string }[] {
  const seen = new Map<string, string[]>();
  for (const file of files) {
    const lines = meaningful(readFileSync(file, 'utf8'));
    for (let k = 0; k + RUN <= lines.length; k++) {
      const key = lines
        .slice(k, k + RUN)
        .map((l) => l.text)
        .join('\n');
      const places = seen.get(key) ?? [];
      places.push(`${relative(root, file)}:${lines[k]?.line}`);
      seen.set(key, places);
    }
  }
  return [...seen.entries()]
    .filter(([, places]) => places.length > 1)
    .map(([key, places]) => ({ places, first: key.split('\n')[0] ?? '' }));
}

describe('repeated code', () => {
  it('finds six lines repeated, however indented, and passes over imports, comments and punctuation', () => {
    const dir = mkdtempSync(join(tmpdir(), 'repeats-'));
    try {
      const body = [
        'const a = 1;',
        'const b = 2;',
        '// a comment',
        'const c = a + b;',
        '{',
        'log(a);',
        'log(b);',
        'log(c);',
      ];
      writeFileSync(join(dir, 'one.ts'), ['import { x } from "y";', ...body].join('\n'));
      writeFileSync(join(dir, 'two.ts'), ['function f() {', ...body.map((l) => `    ${l}`), '}'].join('\n'));
      writeFileSync(join(dir, 'three.ts'), body.slice(0, 6).join('\n'));
      const found = repeatedRuns(sources(dir));
      expect(found).toHaveLength(1);
      expect(found[0]?.places.map((p) => p.replace(/^.*[\\/]/, ''))).toEqual(['one.ts:2', 'two.ts:2']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('has no run of six identical lines in two places of the shipped layers', () => {
    const files = LAYERS.flatMap((l) => sources(join(root, l)));
    expect(files.length).toBeGreaterThan(400);
    expect(repeatedRuns(files)).toEqual([]);
  });
});
