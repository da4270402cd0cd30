import type { ExportRequest } from '../../shared/api/exports.js';
import { API } from '../services/api.js';
import { BACKEND } from '../services/backend.js';
import { defineService, serviceId } from '../services/collection.js';
import type { MainService } from '../services/registry.js';
import { SESSION } from '../services/session.js';
import { SETTINGS } from '../services/settings.js';
import { openExport, type OpenedExport } from './open.js';
import { saveExport } from './save.js';
import type { EventHub } from '../events.js';
import { Codes } from '../../shared/codes.js';

/**
 * Exports (issue 20): opens the backend's streamed file of a list or a report with the
 * session's token. The browser host hands the stream to the page's download (main/host).
 */
export interface ExportService extends MainService {
  open(request: ExportRequest, signal?: AbortSignal): Promise<OpenedExport>;
}

export const EXPORTS = serviceId<ExportService>('exports');

export interface ExportServiceGiven {
  fetch?: typeof fetch;
  events: EventHub;
  /** The desktop app's native save dialog; without one (the browser host) the page downloads instead. */
  chooseExportFile?: (fileName: string) => Promise<string | null>;
}

export const exportService = defineService({
  id: EXPORTS,
  needs: { settings: SETTINGS, backend: BACKEND, session: SESSION, api: API },
  create: ({ settings, backend, session, api }, given: ExportServiceGiven): ExportService => {
    const open = (request: ExportRequest, signal?: AbortSignal) =>
      openExport(
        {
          target: () => backend.target('admin'),
          session: session.store,
          api: api.client,
          language: settings.language,
          ...(given.fetch ? { fetch: given.fetch } : {}),
        },
        request,
        signal,
      );
    /** The saves under way, by the renderer's id, for exports:cancel. */
    const running = new Map<string, AbortController>();
    return {
      name: 'exports',
      emits: ['exports:progress'],
      open,
      handlers: {
        'exports:save': async (input) => {
          const choose = given.chooseExportFile;
          if (!choose)
            return {
              ok: false,
              error: {
                code: Codes.UNAVAILABLE,
                message: settings.say(
                  'this console saves exports as downloads, not through a save dialog',
                  '此控制台以下载方式保存导出文件，不使用保存对话框',
                ),
              },
            };
          if (running.has(input.id)) running.get(input.id)?.abort();
          const abort = new AbortController();
          running.set(input.id, abort);
          try {
            return await saveExport(
              {
                chooseFile: choose,
                open,
                progress: (p) => given.events.emit('exports:progress', p),
                language: settings.language,
              },
              input,
              abort.signal,
            );
          } finally {
            if (running.get(input.id) === abort) running.delete(input.id);
          }
        },
        'exports:cancel': async ({ id }) => {
          running.get(id)?.abort();
          return null;
        },
      },
      async close() {
        for (const a of running.values()) a.abort();
      },
    };
  },
});
