import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * A stand-in for Electron's Linux distribution, so electron-builder's `dir` target can pack the
 * app where Electron's binary cannot be downloaded (CI here): a folder electron-builder copies
 * as it would the real one (electronDist). Its `electron` is a small script that says what it is
 * and exits, and carries a fuse wire exactly as Electron's binary does (the sentinel
 * @electron/fuses looks for, the wire's version and length, one byte per fuse), so
 * electron-builder flips the fuses in it for real and the check can read them back.
 */

/** @electron/fuses' sentinel, before the fuse wire in every Electron binary since 12. */
export const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
export const FUSE_WIRE_VERSION = 1;
/** Electron's own defaults ('1' on, '0' off), in @electron/fuses' order (FuseV1Options). */
export const DEFAULT_FUSES = [1, 1, 1, 1, 0, 0, 0, 1] as const;
const ON = 0x31;
const OFF = 0x30;

export async function makeStandInElectron(
  dir: string,
  electronVersion: string,
  /** The fuse wire's states (1 on, 0 off): a test gives one longer than @electron/fuses knows. */
  fuses: readonly number[] = DEFAULT_FUSES,
): Promise<string> {
  await mkdir(join(dir, 'resources'), { recursive: true });
  await mkdir(join(dir, 'locales'), { recursive: true });
  const script = Buffer.from(
    '#!/bin/sh\n' +
      `echo "stand-in for Electron ${electronVersion}: built by scripts/stand-in-electron.ts to check packaging; it runs nothing" >&2\n` +
      'exit 64\n',
  );
  const wire = Buffer.concat([
    Buffer.from(`# ${FUSE_SENTINEL}`),
    Buffer.from([FUSE_WIRE_VERSION, fuses.length, ...fuses.map((f) => (f ? ON : OFF))]),
    Buffer.from('\n'),
  ]);
  const exe = join(dir, 'electron');
  await writeFile(exe, Buffer.concat([script, wire]));
  await chmod(exe, 0o755);
  await writeFile(join(dir, 'version'), electronVersion);
  await writeFile(
    join(dir, 'LICENSE'),
    'Stand-in: the real Electron distribution carries its own licence files.\n',
  );
  // Electron ships one .pak per locale; the console's two languages are enough for the check.
  for (const locale of ['en-US', 'zh-CN']) await writeFile(join(dir, 'locales', `${locale}.pak`), '');
  return dir;
}
