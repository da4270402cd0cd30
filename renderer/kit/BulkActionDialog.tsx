import { useState } from 'react';
import {
  Button,
  Callout,
  Classes,
  Dialog,
  DialogBody,
  DialogFooter,
  HTMLTable,
  Intent,
  Tag,
} from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Codes } from '../../shared/codes.js';
import { asResultError } from '../bridge/result.js';
import { ErrorCallout } from '../components/ErrorCallout.js';
import { isReasonValid } from '../components/reason.js';
import { ReasonField } from '../components/ReasonConfirmDialog.js';
import { DialogActions } from './DialogActions.js';
import type { BulkAction, BulkRowResult } from './rowActions.js';

/** Each row's result, with the row's name where the row is known. */
function ResultsTable<T>({
  action,
  rows,
  results,
}: {
  action: BulkAction<T>;
  rows: readonly T[];
  results: readonly BulkRowResult[];
}) {
  const { t } = useTranslation();
  const names = new Map(rows.map((r) => [action.rowId(r), action.rowName(r)]));
  return (
    <HTMLTable compact striped className="kit-bulk-results" data-testid={`${action.testId}-results`}>
      <thead>
        <tr>
          <th>{action.rowHeader ?? t('kit.bulk.row')}</th>
          <th>{t('kit.bulk.result')}</th>
          {action.detailHeader !== undefined && <th>{action.detailHeader}</th>}
        </tr>
      </thead>
      <tbody>
        {results.map((r) => (
          <tr key={r.id} data-testid={`${action.testId}-result-${r.id}`} data-ok={r.ok}>
            <td>{names.get(r.id) ?? String(r.id)}</td>
            <td>
              {r.ok ? (
                <Tag minimal intent={Intent.SUCCESS}>
                  {t('kit.bulk.ok')}
                </Tag>
              ) : (
                <>
                  <Tag minimal intent={Intent.DANGER}>
                    {t('kit.bulk.refused')}
                  </Tag>{' '}
                  <span className={Classes.TEXT_MUTED}>{r.message}</span>
                </>
              )}
            </td>
            {action.detailHeader !== undefined && <td>{r.detail}</td>}
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

/**
 * One action on the selected rows of a list: the dialog says what it does and to how many rows
 * (how many of them can take it), takes one reason, runs it, and then shows each row's result
 * (done, or refused with the server's message) until it is closed. `onDone` runs once the
 * server has answered, so the list reloads behind the results.
 */
export function BulkActionDialog<T>({
  action,
  rows,
  onClose,
  onDone,
}: {
  action: BulkAction<T> | null;
  rows: readonly T[];
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState<{ rows: readonly T[]; results: readonly BulkRowResult[] } | null>(null);
  const valid = isReasonValid(reason);
  const testId = action?.testId ?? 'bulk';
  const applies = action ? rows.filter((r) => action.applies(r)).length : 0;

  const close = () => {
    if (pending) return;
    setReason('');
    setTouched(false);
    setError(null);
    setDone(null);
    onClose();
  };

  const confirm = () => {
    setTouched(true);
    if (!action || !valid || pending) return;
    const picked = rows;
    setPending(true);
    setError(null);
    action.run(picked, reason.trim()).then(
      (results) => {
        setPending(false);
        setDone({ rows: picked, results });
        onDone();
      },
      (err: unknown) => {
        setPending(false);
        setError(err);
      },
    );
  };

  const invalid = touched && !valid;
  const okCount = done?.results.filter((r) => r.ok).length ?? 0;
  return (
    <Dialog
      isOpen={action !== null}
      onClose={close}
      title={action?.title(rows.length) ?? ''}
      icon="layers"
      style={{ width: 640 }}
    >
      <DialogBody data-testid={`${testId}-dialog`}>
        {done === null ? (
          <>
            <Callout intent={Intent.WARNING} icon="warning-sign">
              {action?.warning(rows.length, applies)}
            </Callout>
            <ReasonField
              id={`${testId}-dialog-reason`}
              reason={reason}
              setReason={setReason}
              invalid={invalid}
              onBlur={() => setTouched(true)}
            />
            {error !== null && (
              <ErrorCallout title={t('kit.bulk.failed')} error={asResultError(error, Codes.NETWORK)} />
            )}
          </>
        ) : (
          <>
            <Callout
              intent={okCount === done.results.length ? Intent.SUCCESS : Intent.WARNING}
              data-testid={`${testId}-summary`}
            >
              {t('kit.bulk.summary', { ok: okCount, count: done.results.length })}
            </Callout>
            {action && <ResultsTable action={action} rows={done.rows} results={done.results} />}
          </>
        )}
      </DialogBody>
      {done === null ? (
        <DialogActions
          onCancel={close}
          pending={pending}
          onConfirm={confirm}
          intent={action?.intent ?? Intent.PRIMARY}
          confirmText={action ? (action.confirm?.(rows.length) ?? action.text) : ''}
          testId={`${testId}-dialog-confirm`}
        />
      ) : (
        <DialogFooter
          actions={
            <Button onClick={close} text={t('kit.bulk.close')} data-testid={`${testId}-dialog-close`} />
          }
        />
      )}
    </Dialog>
  );
}
