import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import pkg from '../package.json' with { type: 'json' };

/**
 * `npm run build:server`: the reference backend as one ES module, `dist-server/server.js`, run by
 * plain `node` (issue 21: no tsx, no dev dependencies at run time). The package's dependencies
 * stay outside the bundle (PGlite's wasm and pg load from node_modules; `npm ci --omit=dev`
 * installs exactly them); everything else the server imports, our code and the dev-only libraries
 * it uses (exceljs), is bundled in. The same kind of bundle as the desktop app's embedded backend
 * (vite.config.ts), with the command line as its entry.
 */

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const external = [
  ...builtinModules,
  ...builtinModules.map((m) => `node:${m}`),
  ...Object.keys(pkg.dependencies),
];

export const SERVER_BUNDLE = 'dist-server/server.js';

export async function buildServer(outDir = 'dist-server'): Promise<void> {
  await build({
    configFile: false,
    root: repoRoot,
    logLevel: 'warn',
    // Node reads its environment when it runs: a browser build would put `{}` in place of it.
    define: { 'process.env': 'process.env' },
    // Packages' Node builds, not their browser ones (exceljs's browser bundle has no stream writer):
    // as vite-plugin-electron resolves the desktop app's embedded backend.
    resolve: { conditions: ['node'], mainFields: ['module', 'jsnext:main', 'jsnext'] },
    build: {
      lib: false,
      outDir,
      emptyOutDir: true,
      sourcemap: true,
      minify: false,
      target: 'node22',
      rolldownOptions: {
        platform: 'node',
        input: 'server/cli.ts',
        external: (id: string) => external.some((e) => id === e || id.startsWith(`${e}/`)),
        output: { format: 'es', entryFileNames: 'server.js', codeSplitting: false },
      },
    },
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await buildServer(process.argv[2]);
  console.log(
    `built ${process.argv[2] ?? 'dist-server'}/server.js: run it with node (see README, "Deploying the backend")`,
  );
}
