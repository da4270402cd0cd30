import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/**
 * What the packed app may hold (issue 10): only what it needs. Checked on the app.asar that
 * electron-builder's `dir` target made (scripts/dist-check.ts), with rules a test can run on a
 * made-up listing (asar-check.test.ts).
 */

const require = createRequire(import.meta.url);

export interface AsarEntry {
  /** Inside the archive, with forward slashes: dist/renderer/index.html. */
  path: string;
  size: number;
  /** Kept beside the archive, in app.asar.unpacked (native modules, wasm). */
  unpacked: boolean;
}

/** Every file of an archive, from its header (no file is extracted). */
export function listAsar(archive: string): AsarEntry[] {
  const asar = require('@electron/asar') as { getRawHeader(path: string): { header: AsarNode } };
  const out: AsarEntry[] = [];
  const walk = (node: AsarNode, prefix: string) => {
    for (const [name, child] of Object.entries(node.files ?? {})) {
      const path = prefix ? `${prefix}/${name}` : name;
      if (child.files) walk(child, path);
      else if (!child.link)
        out.push({ path, size: Number(child.size ?? 0), unpacked: child.unpacked === true });
    }
  };
  walk(asar.getRawHeader(archive).header, '');
  return out;
}

/** One file of an archive, as text. */
export function readAsarText(archive: string, path: string): string {
  const asar = require('@electron/asar') as { extractFile(archive: string, path: string): Buffer };
  return asar.extractFile(archive, path).toString('utf8');
}

interface AsarNode {
  files?: Record<string, AsarNode>;
  size?: number | string;
  unpacked?: boolean;
  link?: string;
}

export interface AsarPolicy {
  /** Files the app cannot start without. */
  required: readonly string[];
  /** Unpacked files that must be real files on disk (patterns). */
  requiredUnpacked: readonly RegExp[];
  /** Production packages (package-lock.json entries not marked dev), by install path. */
  productionPackages: ReadonlySet<string>;
  /** Size of app.asar (packed files only), in bytes. */
  budgetBytes: number;
}

export interface AsarReport {
  files: number;
  packedBytes: number;
  unpackedBytes: number;
  packages: string[];
  problems: string[];
}

/** The app's own files that must never ship: sources, tests, source maps, secrets, tooling. */
const FORBIDDEN: readonly [RegExp, string][] = [
  [/\.map$/, 'a source map (the build does not ship them)'],
  [/(^|\/)\.env(\.|$)/, 'an .env file (secrets never ship)'],
  [/(^|\/)[^/]+\.(test|spec|e2e)\.[cm]?[jt]sx?$/, 'a test'],
  [/(^|\/)(__tests__|__mocks__)\//, 'a test folder'],
  [/(^|\/)\.(git|github|vscode|idea)\//, 'tooling metadata'],
  [/(^|\/)\.npmrc$/, 'an .npmrc (may hold a registry token)'],
  [/\.(pem|p12|pfx|key)$/, 'a key or certificate'],
];

/** Folders of the repository that exist only as sources or for development. */
const SOURCE_DIRS = [
  'shared',
  'server',
  'main',
  'preload',
  'renderer',
  'tests',
  'bench',
  'scripts',
  'docs',
  'build',
  'release',
];

/** node_modules/<name> or node_modules/@scope/<name>, nested ones included. */
export function packageOf(path: string): string | null {
  const m = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(path);
  return m ? m[1]! : null;
}

/** node_modules/a/node_modules/@s/b -> @s/b. */
export function packageName(installPath: string): string {
  return installPath.slice(installPath.lastIndexOf('node_modules/') + 'node_modules/'.length);
}

export function checkAsar(entries: readonly AsarEntry[], policy: AsarPolicy): AsarReport {
  const problems: string[] = [];
  const paths = new Set(entries.map((e) => e.path));
  for (const r of policy.required) if (!paths.has(r)) problems.push(`missing ${r}`);
  for (const re of policy.requiredUnpacked) {
    if (!entries.some((e) => e.unpacked && re.test(e.path)))
      problems.push(`nothing unpacked matches ${re} (it must load from a real file)`);
  }
  const packages = new Set<string>();
  for (const e of entries) {
    const pkg = packageOf(e.path);
    if (pkg) {
      packages.add(pkg);
      continue;
    }
    const top = e.path.split('/')[0] ?? '';
    if (SOURCE_DIRS.includes(top)) problems.push(`${e.path}: source or development folder ${top}/ is packed`);
    else if (!['dist', 'dist-electron', 'package.json'].includes(top))
      problems.push(`${e.path}: not part of the app`);
    for (const [re, what] of FORBIDDEN) if (re.test(e.path)) problems.push(`${e.path}: ${what}`);
    if (/\.tsx?$/.test(e.path) && !e.path.endsWith('.d.ts')) problems.push(`${e.path}: TypeScript source`);
  }
  for (const e of entries) {
    if (!packageOf(e.path)) continue;
    if (/\.map$/.test(e.path) && !e.unpacked) continue; // a dependency's own maps: allowed, counted in size
    for (const [re, what] of FORBIDDEN.slice(1)) if (re.test(e.path)) problems.push(`${e.path}: ${what}`);
  }
  // electron-builder may nest a package elsewhere than npm did (it dedupes its own way), so a
  // packed package passes when the lock has a production package of that name.
  const productionNames = new Set([...policy.productionPackages].map(packageName));
  for (const pkg of packages) {
    if (!policy.productionPackages.has(pkg) && !productionNames.has(packageName(pkg)))
      problems.push(`${pkg}: not a production dependency (a dev dependency or a stray folder is packed)`);
  }
  const packedBytes = entries.filter((e) => !e.unpacked).reduce((s, e) => s + e.size, 0);
  const unpackedBytes = entries.filter((e) => e.unpacked).reduce((s, e) => s + e.size, 0);
  if (packedBytes > policy.budgetBytes) {
    problems.push(`app.asar holds ${mb(packedBytes)}, over its budget of ${mb(policy.budgetBytes)}`);
  }
  return { files: entries.length, packedBytes, unpackedBytes, packages: [...packages].sort(), problems };
}

/** The install paths package-lock.json marks as production (not dev, not optional-dev). */
export function productionPackages(lockfile: string): Set<string> {
  const lock = JSON.parse(readFileSync(lockfile, 'utf8')) as {
    packages: Record<string, { dev?: boolean; devOptional?: boolean }>;
  };
  return new Set(
    Object.entries(lock.packages)
      .filter(([path, p]) => path.startsWith('node_modules/') && !p.dev && !p.devOptional)
      .map(([path]) => path),
  );
}

/**
 * The dependencies that package.json lists but no Node-side bundle loads: the renderer's are
 * bundled by Vite, so listing them as dependencies only ships them twice.
 */
export function unusedDependencies(dependencies: readonly string[], bundles: readonly string[]): string[] {
  const text = bundles.map((b) => readFileSync(b, 'utf8')).join('\n');
  return dependencies.filter((d) => {
    const name = d.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return !new RegExp(`(from\\s*|import\\(\\s*|require\\(\\s*)["']${name}(/[^"']*)?["']`).test(text);
  });
}

export function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

export function sizeOnDisk(path: string): number {
  return existsSync(path) ? statSync(path).size : 0;
}

export const DEFAULT_POLICY_FILES = {
  required: [
    'package.json',
    'dist/renderer/index.html',
    'dist-electron/main.js',
    'dist-electron/preload.cjs',
    'dist-electron/backend.js',
  ],
  requiredUnpacked: [
    /^node_modules\/keytar\/build\/Release\/keytar\.node$/,
    /^node_modules\/@electric-sql\/pglite\/dist\/.*\.wasm$/,
    /^node_modules\/@electric-sql\/pglite\/dist\/.*\.data$/,
  ],
} as const;

export const joinPath = join;
