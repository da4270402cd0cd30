import { useState } from 'react';
import {
  Button,
  Callout,
  Classes,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLTable,
  Intent,
  Tag,
  TextArea,
} from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '../kit/DialogActions.js';
import type { BulkAction, Order } from '../../shared/api/orders.js';
import type { OutputOf } from '../../shared/api/table.js';
import { Codes } from '../../shared/codes.js';
import { GAMES, type GameId } from '../../shared/games.js';
import { asResultError } from '../bridge/result.js';
import { ErrorCallout } from '../components/ErrorCallout.js';
import { isReasonValid } from '../components/reason.js';
import { useLanguage } from '../i18n/i18n.js';
import { useEndpointMutation } from '../kit/data.js';
import { actionApplies } from './bulk.js';
import { StateTag } from './tags.js';

type Results = OutputOf<'orders.bulk'>['results'];

/**
 * One action on the selected orders: the dialog names the action, the game and how many orders,
 * takes one reason, and then shows each order's result (done, or refused with the server's
 * message) before it is closed; the list reloads once it is done.
 */
export function BulkDialog({
  game,
  action,
  orders,
  me,
  onClose,
  onDone,
}: {
  game: GameId;
  action: BulkAction | null;
  orders: readonly Order[];
  me: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [results, setResults] = useState<Results | null>(null);
  const run = useEndpointMutation('orders.bulk', { invalidates: ['players'] });
  const valid = isReasonValid(reason);
  const applies = action ? orders.filter((o) => actionApplies(o, action, me)).length : 0;

  const close = () => {
    if (run.isPending) return;
    setReason('');
    setTouched(false);
    setResults(null);
    run.reset();
    onClose();
  };

  const confirm = () => {
    setTouched(true);
    if (!action || !valid || run.isPending) return;
    run.mutate(
      { game, action, orderIds: orders.map((o) => o.orderId), reason: reason.trim() },
      {
        onSuccess: (data) => {
          setResults(data.results);
          onDone();
        },
      },
    );
  };

  const invalid = touched && !valid;
  const title = action
    ? t('orders.bulk.title', {
        action: t(`orders.action.${action}`),
        count: orders.length,
        game: GAMES[game].names[lang],
      })
    : '';
  const okCount = results?.filter((r) => r.ok).length ?? 0;
  return (
    <Dialog isOpen={action !== null} onClose={close} title={title} icon="layers" style={{ width: 640 }}>
      <DialogBody data-testid="order-bulk-dialog">
        {results === null ? (
          <>
            <Callout intent={Intent.WARNING} icon="warning-sign">
              {t('orders.bulk.warning', {
                action: action ? t(`orders.action.${action}`) : '',
                count: orders.length,
                applies,
              })}
            </Callout>
            <FormGroup
              label={t('confirm.reason')}
              labelFor="order-bulk-reason"
              labelInfo={t('common.required')}
              helperText={invalid ? t('confirm.reasonInvalid') : t('confirm.reasonHelp')}
              intent={invalid ? Intent.DANGER : Intent.NONE}
              className="dialog-reason"
            >
              <TextArea
                id="order-bulk-reason"
                fill
                autoFocus
                value={reason}
                onChange={(e) => setReason(e.currentTarget.value)}
                onBlur={() => setTouched(true)}
                intent={invalid ? Intent.DANGER : Intent.NONE}
                maxLength={500}
                data-testid="order-bulk-dialog-reason"
              />
            </FormGroup>
            {run.error && (
              <ErrorCallout title={t('orders.bulk.failed')} error={asResultError(run.error, Codes.NETWORK)} />
            )}
          </>
        ) : (
          <>
            <Callout
              intent={okCount === results.length ? Intent.SUCCESS : Intent.WARNING}
              data-testid="order-bulk-summary"
            >
              {t('orders.bulk.summary', { ok: okCount, count: results.length })}
            </Callout>
            <HTMLTable compact striped className="orders-bulk-results" data-testid="order-bulk-results">
              <thead>
                <tr>
                  <th>{t('orders.field.orderId')}</th>
                  <th>{t('orders.bulk.result')}</th>
                  <th>{t('orders.field.state')}</th>
                </tr>
              </thead>
              <tbody>
                {results.map((r) => (
                  <tr key={r.orderId} data-testid={`order-bulk-result-${r.orderId}`} data-ok={r.ok}>
                    <td>{r.orderId}</td>
                    <td>
                      {r.ok ? (
                        <Tag minimal intent={Intent.SUCCESS}>
                          {t('orders.bulk.ok')}
                        </Tag>
                      ) : (
                        <>
                          <Tag minimal intent={Intent.DANGER}>
                            {t('orders.bulk.refused')}
                          </Tag>{' '}
                          <span className={Classes.TEXT_MUTED}>{r.message}</span>
                        </>
                      )}
                    </td>
                    <td>{r.state ? <StateTag state={r.state} /> : null}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </>
        )}
      </DialogBody>
      {results === null ? (
        <DialogActions
          onCancel={close}
          pending={run.isPending}
          onConfirm={confirm}
          confirmText={
            action
              ? t('orders.bulk.confirm', { action: t(`orders.action.${action}`), count: orders.length })
              : ''
          }
          testId="order-bulk-dialog-confirm"
        />
      ) : (
        <DialogFooter
          actions={
            <Button onClick={close} text={t('orders.bulk.close')} data-testid="order-bulk-dialog-close" />
          }
        />
      )}
    </Dialog>
  );
}
