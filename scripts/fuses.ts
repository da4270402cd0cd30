import { createRequire } from 'node:module';
import type { BuilderConfig } from './release-config.js';

const require = createRequire(import.meta.url);
/** A fuse's state in the wire: '1' on, '0' off, 'r' removed from this Electron. */
const ON = 0x31;
const OFF = 0x30;
const REMOVED = 0x72;

/**
 * The fuses in a packed executable, compared with what electron-builder.yml decided. The wire
 * says how many fuses the binary has; a newer Electron may carry fuses this @electron/fuses does
 * not know, which electron-builder.yml then cannot decide (each is left at Electron's default,
 * unchecked): that fails too, until @electron/fuses is updated and the fuse decided.
 */
export async function checkFuses(executable: string, config: BuilderConfig): Promise<string[]> {
  const fuses = require('@electron/fuses') as {
    getCurrentFuseWire(path: string): Promise<Record<string, unknown>>;
    FuseV1Options: Record<string, string | number>;
  };
  const wire = await fuses.getCurrentFuseWire(executable);
  const decided = (config['electronFuses'] ?? {}) as Record<string, boolean>;
  const problems: string[] = [];
  if (wire['version'] !== '1') {
    problems.push(
      `the packed Electron's fuse wire is version ${String(wire['version'])}; this check reads version 1`,
    );
  }
  const known = new Map<number, string>();
  for (const [name, index] of Object.entries(fuses.FuseV1Options)) {
    if (typeof index === 'number') known.set(index, name[0]!.toLowerCase() + name.slice(1));
  }
  const inWire = Object.keys(wire)
    .filter((k) => /^\d+$/.test(k))
    .map(Number)
    .sort((a, b) => a - b);
  for (const index of inWire) {
    if (!known.has(index)) {
      problems.push(
        `the packed Electron carries fuse ${index} (state ${describeState(wire[String(index)])}), which @electron/fuses ${fusesVersion()} does not know, so electron-builder.yml cannot decide it: update @electron/fuses and decide it`,
      );
    }
  }
  for (const [index, key] of known) {
    const want = decided[key];
    const have = wire[String(index)];
    if (want === undefined) problems.push(`fuse ${key} is not decided in electron-builder.yml`);
    else if (have === undefined)
      problems.push(
        `fuse ${key} is decided in electron-builder.yml, but the packed Electron has no such fuse`,
      );
    else if (have !== (want ? ON : OFF))
      problems.push(
        `fuse ${key} is ${describeState(have)} in the packed app, but electron-builder.yml says ${want ? 'on' : 'off'}`,
      );
  }
  return problems;
}

function describeState(state: unknown): string {
  if (state === ON) return 'on';
  if (state === OFF) return 'off';
  if (state === REMOVED) return 'removed';
  return `0x${Number(state).toString(16)}`;
}

function fusesVersion(): string {
  return (require('@electron/fuses/package.json') as { version: string }).version;
}
