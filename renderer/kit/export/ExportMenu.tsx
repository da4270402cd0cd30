import { useRef, useState } from 'react';
import { Button, ButtonGroup, ProgressBar } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { ExportColumn, ExportFormat, ExportRequest } from '../../../shared/api/exports.js';
import { Codes } from '../../../shared/codes.js';
import { exportFileName } from '../../../shared/csv.js';
import { asResultError } from '../../bridge/result.js';
import { errorSentence } from '../../components/errorText.js';
import { useToasts } from '../../components/Toaster.js';
import { useLanguage } from '../../i18n/i18n.js';
import { saveExport, type ExportProgress } from './save.js';

export interface ExportMenuProps {
  /** The endpoint whose rows are exported (a list's pages are all walked; a report's rows). */
  endpoint: string;
  /** Its input as the page reads it (paging is the export's own). */
  input: Record<string, unknown>;
  /** The columns of the file: the row's key, the heading in the operator's language, the kind. */
  columns: readonly ExportColumn[];
  /** The file's title (the page's) and the start of its name. */
  title: string;
  /** The filters the page shows, written as a header block over the table. */
  filters?: readonly { label: string; value: string }[];
  /** A report's table, when its answer has several. */
  rows?: string;
  testId: string;
}

/**
 * The export of a list or a report: CSV or XLSX, made by the backend and streamed, with a progress
 * bar and a cancel button while it comes. See docs/adding-a-feature.md ("Exports").
 */
export function ExportMenu(props: ExportMenuProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const toasts = useToasts();
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const running = useRef<AbortController | null>(null);
  if (props.columns.length === 0) return null;

  const start = async (format: ExportFormat) => {
    const abort = new AbortController();
    running.current = abort;
    setProgress({ bytes: 0, totalRows: null });
    const request: ExportRequest = {
      endpoint: props.endpoint,
      input: props.input,
      format,
      title: props.title,
      columns: [...props.columns],
      filters: [...(props.filters ?? [])],
      offsetMinutes: -new Date().getTimezoneOffset(),
      ...(props.rows ? { rows: props.rows } : {}),
    };
    const file = exportFileName(props.title, new Date(), format);
    try {
      if (await saveExport(request, file, setProgress, abort.signal))
        toasts.result(t('kit.export.done', { file }));
    } catch (err) {
      if (abort.signal.aborted) toasts.result(t('kit.export.cancelled'));
      else
        toasts.error(`${t('kit.export.failed')}: ${errorSentence(asResultError(err, Codes.NETWORK), lang)}`);
    } finally {
      running.current = null;
      setProgress(null);
    }
  };

  if (progress) {
    const kb = Math.max(1, Math.round(progress.bytes / 1024)).toLocaleString(lang);
    return (
      <span className="kit-export-progress" data-testid={`${props.testId}-export-progress`}>
        <ProgressBar intent="primary" />
        <span>
          {progress.totalRows === null
            ? t('kit.export.receiving', { kb })
            : t('kit.export.receivingRows', { kb, rows: progress.totalRows.toLocaleString(lang) })}
        </span>
        <Button
          size="small"
          icon="cross"
          text={t('kit.export.cancel')}
          onClick={() => running.current?.abort()}
          data-testid={`${props.testId}-export-cancel`}
        />
      </span>
    );
  }
  return (
    <ButtonGroup aria-label={t('kit.export.label')}>
      <Button
        icon="export"
        text="CSV"
        title={t('kit.export.csv')}
        onClick={() => void start('csv')}
        data-testid={`${props.testId}-export-csv`}
      />
      <Button
        icon="th"
        text="XLSX"
        title={t('kit.export.xlsx')}
        onClick={() => void start('xlsx')}
        data-testid={`${props.testId}-export-xlsx`}
      />
    </ButtonGroup>
  );
}
