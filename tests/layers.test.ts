import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** The layer rule of eslint.config.js, tried on imports from every depth. */
const root = fileURLToPath(new URL('../', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function refused(file: string, source: string): Promise<boolean> {
  const [result] = await eslint.lintText(`import { x } from '${source}';\nexport const y = x;\n`, {
    filePath: `${root}${file}`,
  });
  return (result?.messages ?? []).some((m) => m.ruleId === 'no-restricted-imports');
}

describe('the layer rule', () => {
  it('refuses main, preload and server in the renderer from any depth', async () => {
    expect(await refused('renderer/x.ts', './main/core.js')).toBe(false); // renderer/main would be the renderer's own
    for (const [file, source] of [
      ['renderer/users/x.ts', '../../main/core.js'],
      ['renderer/users/deep/x.ts', '../../../main/core.js'],
      ['renderer/users/x.ts', '../../server/app.js'],
      ['renderer/users/x.ts', '../../preload/index.js'],
      ['renderer/x.ts', '../server/app.js'],
      ['renderer/x.ts', 'node:fs'],
      ['renderer/x.ts', 'electron'],
    ] as const)
      expect(await refused(file, source), `${file} -> ${source}`).toBe(true);
  }, 30_000);

  it('lets the renderer import the contract and its own modules', async () => {
    expect(await refused('renderer/users/x.ts', '../../shared/routes.js')).toBe(false);
    expect(await refused('renderer/users/x.ts', '../kit/table.js')).toBe(false);
  }, 30_000);

  it('refuses every other layer in the contract, at any depth', async () => {
    for (const source of ['../server/app.js', '../../main/core.js', '../renderer/features.js', 'node:path'])
      expect(await refused('shared/api/x.ts', source), source).toBe(true);
    expect(await refused('shared/api/x.ts', '../roles.js')).toBe(false);
  }, 30_000);
});
