import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ExportRequest } from '../../shared/api/exports.js';
import { Codes } from '../../shared/codes.js';
import type { EventChannels } from '../../shared/ipc.js';
import type { OpenedExport } from './open.js';
import { PROGRESS_EVERY_BYTES, saveExport, type SaveExportDeps } from './save.js';

/**
 * The desktop app's save of an export, in Node with the dialog injected: the file lands where the
 * dialog said, whole, with progress on the way; a closed dialog saves nothing; a cancel midway
 * leaves no file at all, neither under its name nor as a part; a refusal is the backend's error.
 */

const REQUEST: ExportRequest = {
  endpoint: 'users.list',
  input: {},
  format: 'csv',
  title: 'Operators',
  columns: [{ key: 'name', label: 'Name' }],
};

/** A stream of `chunks` chunks of 64 KiB; after `pauseAfter` of them it waits for `resume`. */
function source(chunks: number, pauseAfter = Infinity) {
  let resume: () => void = () => undefined;
  const paused = new Promise<void>((r) => (resume = r));
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (sent === pauseAfter) await paused;
      if (sent === chunks) return controller.close();
      sent++;
      controller.enqueue(new Uint8Array(64 * 1024).fill(65));
    },
  });
  return { body, resume: () => resume(), sentCount: () => sent };
}

describe('saving an export in the desktop app', () => {
  let dir: string;
  let events: EventChannels['exports:progress'][];
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'gameops-export-'));
    events = [];
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const deps = (opened: OpenedExport, chosen: string | null): SaveExportDeps => ({
    chooseFile: async (name) => (chosen === null ? null : join(dir, chosen || name)),
    open: async () => opened,
    progress: (p) => void events.push(p),
    language: () => 'en',
  });
  const file = (s: ReturnType<typeof source>, total: number | null = 1234): OpenedExport => ({
    ok: true,
    body: s.body,
    total,
    contentType: 'text/csv',
    disposition: 'attachment',
  });

  it('writes the whole file where the dialog says, telling its progress', async () => {
    const s = source(16);
    const answer = await saveExport(
      deps(file(s), ''),
      { id: 'e1', fileName: 'operators.csv', request: REQUEST },
      new AbortController().signal,
    );
    expect(answer).toEqual({ ok: true, data: { saved: join(dir, 'operators.csv'), bytes: 16 * 64 * 1024 } });
    expect((await readFile(join(dir, 'operators.csv'))).byteLength).toBe(16 * 64 * 1024);
    expect(await readdir(dir)).toEqual(['operators.csv']);
    expect(events.length).toBeGreaterThanOrEqual((16 * 64 * 1024) / PROGRESS_EVERY_BYTES);
    expect(events.every((e) => e.id === 'e1' && e.totalRows === 1234)).toBe(true);
    expect(events.at(-1)?.bytes).toBe(16 * 64 * 1024);
    const sizes = events.map((e) => e.bytes);
    expect([...sizes].sort((a, b) => a - b)).toEqual(sizes);
  });

  it('saves nothing when the operator closes the dialog', async () => {
    const answer = await saveExport(
      deps(file(source(4)), null),
      { id: 'e2', fileName: 'operators.csv', request: REQUEST },
      new AbortController().signal,
    );
    expect(answer).toEqual({ ok: true, data: { saved: null, bytes: 0 } });
    expect(await readdir(dir)).toEqual([]);
  });

  it('removes the partial file when cancelled midway', async () => {
    const s = source(100, 8);
    const abort = new AbortController();
    const saving = saveExport(
      deps(file(s), 'big.csv'),
      { id: 'e3', fileName: 'big.csv', request: REQUEST },
      abort.signal,
    );
    // Cancelled once progress was told: the part exists by then.
    await expect.poll(() => events.length).toBeGreaterThan(0);
    abort.abort();
    s.resume();
    const answer = await saving;
    expect(answer.ok).toBe(false);
    if (!answer.ok) {
      expect(answer.error.code).toBe(Codes.NETWORK);
      expect(answer.error.message).toMatch(/cancelled/);
    }
    expect(s.sentCount()).toBeLessThan(100);
    expect(await readdir(dir)).toEqual([]);
  });

  it("passes the backend's refusal on, creating no file", async () => {
    const answer = await saveExport(
      deps(
        { ok: false, error: { code: Codes.FORBIDDEN, message: 'Your roles do not allow this call' } },
        'x.csv',
      ),
      { id: 'e4', fileName: 'x.csv', request: REQUEST },
      new AbortController().signal,
    );
    expect(answer).toEqual({
      ok: false,
      error: { code: Codes.FORBIDDEN, message: 'Your roles do not allow this call' },
    });
    expect(await readdir(dir)).toEqual([]);
  });
});
