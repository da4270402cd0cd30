import { appendFileSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A log file that never grows past `maxBytes`: when the next line would, main.log becomes
 * main.1.log, main.1.log becomes main.2.log, ... and the oldest beyond `files` is deleted. Lines
 * are appended synchronously: main logs little, and a line written just before a crash is the
 * one a support request needs.
 */

export interface RotatingFileOptions {
  dir: string;
  /** File name without extension: `main` writes main.log, main.1.log, ... */
  name?: string;
  /** Size of one file; default 1 MiB. */
  maxBytes?: number;
  /** Files kept, the current one included; default 5. */
  files?: number;
}

export interface RotatingFile {
  readonly dir: string;
  /** The file being written now. */
  readonly path: string;
  write(line: string): void;
  /** Every file of this log, newest first (those that exist). */
  paths(): string[];
}

export function openRotatingFile(opts: RotatingFileOptions): RotatingFile {
  const name = opts.name ?? 'main';
  const maxBytes = Math.max(1024, opts.maxBytes ?? 1024 * 1024);
  const files = Math.max(1, opts.files ?? 5);
  const fileAt = (i: number) => join(opts.dir, i === 0 ? `${name}.log` : `${name}.${i}.log`);
  mkdirSync(opts.dir, { recursive: true, mode: 0o700 });
  let size = sizeOf(fileAt(0));

  const rotate = () => {
    rmSync(fileAt(files - 1), { force: true });
    for (let i = files - 2; i >= 0; i--) {
      try {
        renameSync(fileAt(i), fileAt(i + 1));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
    }
    size = 0;
  };

  return {
    dir: opts.dir,
    path: fileAt(0),
    write(line) {
      const text = line.endsWith('\n') ? line : `${line}\n`;
      const bytes = Buffer.byteLength(text);
      if (size > 0 && size + bytes > maxBytes) rotate();
      // One line longer than a whole file is cut rather than left to push everything else out.
      const kept =
        bytes > maxBytes
          ? `${Buffer.from(text)
              .subarray(0, maxBytes - 20)
              .toString()}… [cut]\n`
          : text;
      appendFileSync(fileAt(0), kept, { mode: 0o600 });
      size += Buffer.byteLength(kept);
    },
    paths() {
      return Array.from({ length: files }, (_, i) => fileAt(i)).filter((p) => sizeOf(p) >= 0);
    },
  };
}

/** -1 when the file does not exist. */
function sizeOf(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return -1;
  }
}
