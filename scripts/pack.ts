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

export interface PackedDir {
  /** The app's folder (…/linux-unpacked). */
  appDir: string;
  /**
   * The .desktop entry the AppImage and deb targets write for this app, computed by
   * electron-builder's own LinuxTargetHelper on the packager that packed it (the dir target
   * writes none): where Linux learns which links the app opens.
   */
  desktopEntry: string;
}

interface LinuxTargetHelperModule {
  LinuxTargetHelper: new (packager: unknown) => {
    computeDesktopEntry(options: unknown): Promise<string>;
  };
}

/** Packs the dir target. */
export async function packDir(opts: PackOptions): Promise<PackedDir> {
  const builder = require('electron-builder') as {
    build(options: Record<string, unknown>): Promise<string[]>;
    Platform: { LINUX: { createTarget(types: string[], ...archs: number[]): unknown } };
    Arch: { x64: number };
  };
  const electronVersion = (require(join(REPO, 'node_modules/electron/package.json')) as { version: string })
    .version;
  const { LinuxTargetHelper } =
    require('app-builder-lib/out/targets/LinuxTargetHelper') as LinuxTargetHelperModule;
  let desktopEntry: string | null = null;
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
      afterPack: async (context: { packager: { platformSpecificBuildOptions: unknown } }) => {
        const helper = new LinuxTargetHelper(context.packager);
        desktopEntry = await helper.computeDesktopEntry(context.packager.platformSpecificBuildOptions);
      },
    },
  });
  if (desktopEntry === null) throw new Error('electron-builder packed without running afterPack');
  return { appDir: join(opts.outDir, 'linux-unpacked'), desktopEntry };
}
