import { defineConfig, type Plugin, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import electron from 'vite-plugin-electron';
import { builtinModules, createRequire } from 'node:module';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pkg from './package.json' with { type: 'json' };
import { FEATURE_PAGES } from './shared/feature-pages.js';

/**
 * One Vite config for the three builds:
 * - the renderer (renderer/ -> dist/renderer), always;
 * - main, preload and the embedded backend's worker (-> dist-electron), unless `--mode web`,
 *   which builds only the renderer for the browser host (tests, `npm run web`).
 * Node-side bundles keep dependencies external: electron-builder ships node_modules, and native
 * or wasm packages (keytar, PGlite) must load from there.
 */
const external = [
  'electron',
  ...builtinModules,
  ...builtinModules.map((m) => `node:${m}`),
  ...Object.keys((pkg as { dependencies?: Record<string, string> }).dependencies ?? {}),
];

/** The repository root: the Node-side builds must not inherit the renderer's `root`. */
const repoRoot = fileURLToPath(new URL('.', import.meta.url));

function nodeBuild(
  entry: string,
  outFileName: string,
  format: 'es' | 'cjs',
  externals: readonly string[] = external,
): UserConfig {
  return {
    root: repoRoot,
    build: {
      // vite-plugin-electron's lib mode picks the format from package.json ("type": "module"),
      // which would make the preload ESM; a plain input with our own output format does not.
      lib: false,
      outDir: 'dist-electron',
      emptyOutDir: false,
      sourcemap: true,
      minify: false,
      rolldownOptions: {
        input: entry,
        external: (id: string) => externals.some((e) => id === e || id.startsWith(`${e}/`)),
        output: { format, entryFileNames: outFileName, inlineDynamicImports: true },
      },
    },
  } as UserConfig;
}

/**
 * V8's explicit compile hint (`//# allFunctionsCalledOnLoad`, Chromium 136+) on the scripts the
 * first paint runs: their functions are compiled while the file streams in, off the main thread,
 * instead of one by one on the main thread the first time each is called. Lazy chunks keep lazy
 * compilation (most of their functions may never run).
 */
function compileHints(): Plugin {
  const HINT = '//# allFunctionsCalledOnLoad\n';
  return {
    name: 'gameops-compile-hints',
    apply: 'build',
    // On the written files: Vite puts its preload map at the top of the entry after every
    // generateBundle hook, and the hint must be the file's first line.
    writeBundle(options, bundle) {
      const dir = options.dir;
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const entry = chunks.find((c) => c.isEntry);
      if (!dir || !entry) return;
      for (const file of [entry.fileName, ...entry.imports]) {
        const path = join(dir, file);
        writeFileSync(path, HINT + readFileSync(path, 'utf8'));
        // One more line at the top: the source map's lines move down by one.
        const mapPath = `${path}.map`;
        if (!existsSync(mapPath)) continue;
        const map = JSON.parse(readFileSync(mapPath, 'utf8')) as { mappings: string };
        map.mappings = `;${map.mappings}`;
        writeFileSync(mapPath, JSON.stringify(map));
      }
    },
  };
}

/**
 * Blueprint's icon names, computed when the app is built rather than when it starts:
 * @blueprintjs/icons' iconNames module derives two names for each of its ~700 icons with
 * change-case's regular expressions at module load, about 10 ms of the renderer's start-up here.
 * The module is replaced by its result (the package's own CommonJS build, run at build time), so
 * its exports are exactly what the package computes.
 */
function blueprintIconNames(): Plugin {
  const target = /@blueprintjs[\\/]icons[\\/]lib[\\/]esm[\\/]iconNames\.js$/;
  return {
    name: 'gameops-blueprint-icon-names',
    load(id) {
      if (!target.test(id)) return null;
      const require = createRequire(import.meta.url);
      const { IconNames } = require('@blueprintjs/icons/lib/cjs/iconNames.js') as {
        IconNames: Record<string, string>;
      };
      return [
        `export const IconNames = JSON.parse(${JSON.stringify(JSON.stringify(IconNames))});`,
        'export const IconNamesSet = new Set(Object.values(IconNames));',
      ].join('\n');
    },
  };
}

/**
 * The features' page rules (shared/feature-pages.ts), computed when the app is built rather than
 * when it starts: the module derives them from the feature list, which holds every endpoint's
 * schema, and the renderer's start-up needs only the rules, to make the route table. They are
 * plain data; the module is replaced by its value, so the first paint loads no schema and no zod.
 */
function featurePagesAtBuild(): Plugin {
  const target = /shared[\\/]feature-pages\.ts$/;
  return {
    name: 'gameops-feature-pages',
    load(id) {
      if (!target.test(id)) return null;
      return `export const FEATURE_PAGES = JSON.parse(${JSON.stringify(JSON.stringify(FEATURE_PAGES))});`;
    },
  };
}

/**
 * react-router's package exports name only its development build (ENABLE_DEV_WARNINGS on; the
 * upstream issue remix-run/react-router#14102 is open); its production build ships beside it and
 * differs by that flag alone. The renderer takes the production one.
 */
const routerProduction = join(repoRoot, 'node_modules/react-router/dist/production');
const reactRouterProduction = [
  { find: /^react-router$/, replacement: join(routerProduction, 'index.mjs') },
  { find: /^react-router\/dom$/, replacement: join(routerProduction, 'dom-export.mjs') },
];

/**
 * The first screen's libraries in chunks of their own: Chromium compiles each script on its own
 * background thread while it streams in, so three files of ~200 KB are compiled side by side where
 * one of 550 KB kept one thread busy and the page waiting (about 90 ms here). Each language's
 * texts (every feature's en.json or zh-CN.json, loaded through renderer/i18n/resources.ts) make
 * one chunk, so a language is one request and the other language is not loaded at all.
 */
const firstScreenChunks = {
  groups: [
    { name: 'texts-en', test: /renderer[\\/].+[\\/]en\.json$/ },
    { name: 'texts-zh-CN', test: /renderer[\\/].+[\\/]zh-CN\.json$/ },
    { name: 'react-dom', test: /node_modules[\\/](react-dom|scheduler)[\\/]/ },
    {
      name: 'router',
      test: /node_modules[\\/](react-router|react-router-dom|i18next|react-i18next|@tanstack)[\\/]/,
    },
  ],
};

export default defineConfig(({ mode }) => ({
  root: 'renderer',
  base: './',
  resolve: { alias: reactRouterProduction },
  plugins: [
    react(),
    compileHints(),
    blueprintIconNames(),
    featurePagesAtBuild(),
    ...(mode === 'web'
      ? []
      : electron([
          { entry: 'main/index.ts', vite: nodeBuild('main/index.ts', 'main.js', 'es') },
          {
            entry: 'preload/index.ts',
            // Sandboxed preloads must be CommonJS and self-contained.
            vite: nodeBuild('preload/index.ts', 'preload.cjs', 'cjs', ['electron']),
            onstart: ({ reload }) => reload(),
          },
          { entry: 'server/worker.ts', vite: nodeBuild('server/worker.ts', 'backend.js', 'es') },
        ])),
  ],
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    sourcemap: true,
    // A desktop app loads from disk: one ~1 MB chunk (React + Blueprint) costs nothing to fetch.
    chunkSizeWarningLimit: 1500,
    rolldownOptions: { output: { codeSplitting: firstScreenChunks } },
  },
  // Texts are JSON: JSON.parse reads them faster than the same data as object literals, which
  // matters for the first paint (the shown language's texts load with it).
  json: { stringify: true, namedExports: false },
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
}));
