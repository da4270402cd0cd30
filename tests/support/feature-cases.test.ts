import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { featureCases } from './feature-cases.js';

/** The cross-cutting tests find the features' cases by their folders; nothing lists them. */
describe('feature cases', () => {
  const roots: string[] = [];
  afterEach(() => {
    for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
  });

  function tree(files: Record<string, string>): string {
    const root = mkdtempSync(join(tmpdir(), 'feature-cases-'));
    roots.push(root);
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(join(root, path, '..'), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    return root;
  }

  it("merges every folder's cases, and passes over folders without any", async () => {
    const root = tree({
      'todo/cases.mjs': "export const cases = { 'todo.list': 1, 'todo.create': 2 };",
      'orders/cases.mjs': "export const cases = { 'orders.get': 3 };",
      'db/open.mjs': 'export const nothing = 0;',
    });
    expect(await featureCases('cases.mjs', 'cases', root)).toEqual({
      'orders.get': 3,
      'todo.list': 1,
      'todo.create': 2,
    });
  });

  it('refuses an endpoint given cases in two folders, and a file without the export', async () => {
    const twice = tree({
      'a/cases.mjs': "export const cases = { 'todo.list': 1 };",
      'b/cases.mjs': "export const cases = { 'todo.list': 2 };",
    });
    await expect(featureCases('cases.mjs', 'cases', twice)).rejects.toThrow(
      'todo.list has cases in both a/cases.mjs and b/cases.mjs',
    );
    const misnamed = tree({ 'a/cases.mjs': "export const CASES = { 'todo.list': 1 };" });
    await expect(featureCases('cases.mjs', 'cases', misnamed)).rejects.toThrow(
      'a/cases.mjs exports no cases',
    );
  });
});
