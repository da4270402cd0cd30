import { mkdirSync, readFileSync, renameSync, writeFileSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { KeyValueStore } from './kv.js';

/**
 * A key-value store in one JSON file, for the browser host. Every write goes to a temporary file
 * that is then renamed over the old one, so a crash mid-write leaves the previous state intact.
 * A file that is not a JSON object (hand-edited, truncated by a full disk) is set aside, not
 * trusted and not fatal.
 */
export function openJsonFileKv(file: string): KeyValueStore {
  mkdirSync(dirname(file), { recursive: true });
  let data = load(file);

  const flush = () => {
    const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    try {
      writeFileSync(tmp, `${JSON.stringify(data, null, 2)}\n`, { mode: 0o600 });
      renameSync(tmp, file);
    } catch (err) {
      rmSync(tmp, { force: true });
      throw err;
    }
  };

  return {
    get: (key) => (Object.hasOwn(data, key) ? structuredClone(data[key]) : undefined),
    set(key, value) {
      data = { ...data, [key]: structuredClone(value) };
      flush();
    },
    delete(key) {
      if (!Object.hasOwn(data, key)) return;
      const { [key]: _gone, ...rest } = data;
      data = rest;
      flush();
    },
  };
}

function load(file: string): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw err;
  }
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      return parsed as Record<string, unknown>;
  } catch {
    // fall through: keep the unreadable file for inspection and start clean
  }
  const aside = `${file}.corrupt-${Date.now()}`;
  renameSync(file, aside);
  console.warn(`[gameops] ${file} was not a JSON object; moved it to ${aside} and started with defaults`);
  return {};
}
