import { createRequire } from 'node:module';
import type { BuilderConfig } from './release-config.js';

/** The fuses in a packed executable, compared with what electron-builder.yml decided. */

const require = createRequire(import.meta.url);
const ON = 0x31;
const OFF = 0x30;

export async function checkFuses(executable: string, config: BuilderConfig): Promise<string[]> {
  const fuses = require('@electron/fuses') as {
    getCurrentFuseWire(path: string): Promise<Record<string, unknown>>;
    FuseV1Options: Record<string, string | number>;
  };
  const wire = await fuses.getCurrentFuseWire(executable);
  const decided = (config['electronFuses'] ?? {}) as Record<string, boolean>;
  const problems: string[] = [];
  for (const [name, index] of Object.entries(fuses.FuseV1Options)) {
    if (typeof index !== 'number') continue;
    const key = name[0]!.toLowerCase() + name.slice(1);
    const want = decided[key];
    const have = wire[String(index)];
    if (want === undefined) problems.push(`fuse ${key} is not decided in electron-builder.yml`);
    else if (have !== (want ? ON : OFF))
      problems.push(
        `fuse ${key} is ${have === ON ? 'on' : 'off'} in the packed app, but electron-builder.yml says ${want ? 'on' : 'off'}`,
      );
  }
  return problems;
}
