import { createRequire } from 'node:module';
import { join } from 'node:path';
import { REPO, type BuilderConfig } from './release-config.js';

/** electron-builder's `dir` target for Linux x64, programmatically: what dist-check packs. */

const require = createRequire(import.meta.url);

export interface PackOptions {
  config: BuilderConfig;
  /** An unpacked Electron distribution (a real one, or scripts/stand-in-electron.ts). */
  electronDist: string;
  outDir: string;
  /** Rebuild native modules for Electron (needs Electron's headers: not offline). */
  npmRebuild?: boolean;
}

/** Packs and returns the app's folder (…/linux-unpacked). */
export async function packDir(opts: PackOptions): Promise<string> {
  const builder = require('electron-builder') as {
    build(options: Record<string, unknown>): Promise<string[]>;
    Platform: { LINUX: { createTarget(types: string[], ...archs: number[]): unknown } };
    Arch: { x64: number };
  };
  const electronVersion = (require(join(REPO, 'node_modules/electron/package.json')) as { version: string })
    .version;
  await builder.build({
    projectDir: REPO,
    targets: builder.Platform.LINUX.createTarget(['dir'], builder.Arch.x64),
    publish: 'never',
    config: {
      ...opts.config,
      electronVersion,
      electronDist: opts.electronDist,
      npmRebuild: opts.npmRebuild ?? false,
      directories: { ...(opts.config['directories'] as Record<string, unknown>), output: opts.outDir },
    },
  });
  return join(opts.outDir, 'linux-unpacked');
}
