import { Button, Card, Classes, Dialog, DialogBody, Intent, Switch, Tag } from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { DialogActions } from '../kit/DialogActions.js';
import { NOTICE_KINDS, type GameFigures, type NoticeRule } from '../../shared/api/notices.js';
import type { OutputOf } from '../../shared/api/table.js';
import type { Language } from '../../shared/codes.js';
import { GAMES } from '../../shared/games.js';
import { useNow } from '../components/hooks.js';
import { formatDateTime } from '../components/format.js';
import { formatMoney } from '../components/money.js';
import { useToasts } from '../components/Toaster.js';
import { useEndpointMutation } from '../kit/data.js';
import { ListBody, useTableSort } from '../kit/ListPage.js';
import { optionsOf } from '../kit/OptionSelect.js';
import { useRowActions } from '../kit/RowActions.js';
import { rowAction, type ListRowAction } from '../kit/rowActions.js';
import { RowsTable } from '../kit/RowsTable.js';
import { Field } from '../kit/form/Field.js';
import { useBoundForm } from '../kit/form/useBoundForm.js';
import { useSaving } from '../kit/form/useSaving.js';
import { FormProblems, GameField } from './formParts.js';
import { useListController } from '../kit/useListController.js';
import { useLanguage } from '../i18n/i18n.js';
import { isIncome, noticeForm } from './noticeForm.js';
import { formatCount, formatRelative } from './watchFormat.js';

const STATE_INTENT = { ok: Intent.SUCCESS, crossed: Intent.DANGER, unknown: Intent.NONE } as const;

/** A notice as an operator reads it: "online players below 600". */
const describeRule = (t: TFunction, lang: Language, r: NoticeRule) =>
  t(`serverWatch.notice.describe.${r.kind}`, {
    n: isIncome(r.kind) ? formatMoney(r.threshold, 'CNY', lang) : formatCount(r.threshold, lang),
    hour: String(r.byHour ?? 0).padStart(2, '0'),
  });

const noticeColumns = (t: TFunction) => [
  { name: t('serverWatch.field.game'), sortKey: 'game' },
  { name: t('serverWatch.notice.condition') },
  { name: t('serverWatch.notice.enabled') },
  { name: t('serverWatch.field.state') },
  { name: t('serverWatch.notice.lastValue') },
  { name: t('serverWatch.notice.lastFired'), sortKey: 'lastFiredAt' },
  { name: t('serverWatch.field.note') },
  { name: t('kit.list.actions') },
];

/** A notice's actions: edit it (its dialog), delete it with a reason. */
function useNoticeActions(): ListRowAction<NoticeRule>[] {
  const { t } = useTranslation();
  return [
    {
      kind: 'dialog',
      id: 'edit',
      text: t('serverWatch.list.edit'),
      icon: 'edit',
      buttonTestId: (r) => `notice-edit-${r.id}`,
      render: (r, close) => <NoticeFormDialog key={r.id} editing={r} onClose={close} />,
    },
    rowAction({
      endpoint: 'notices.delete',
      texts: 'serverWatch.rows',
      input: (r: NoticeRule, reason) => ({ id: r.id, reason }),
      names: (r, { t: tr, lang }) => ({ what: describeRule(tr, lang, r), game: GAMES[r.game].names[lang] }),
      icon: 'trash',
      intent: Intent.DANGER,
      buttonTestId: (r) => `notice-delete-${r.id}`,
      dialogTestId: 'notice-delete-dialog',
    }),
  ];
}

/** Each game's figures now, so a threshold can be set against them. */
function Figures({ figures }: { figures: readonly GameFigures[] }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <div className="notice-figures" data-testid="notice-figures">
      {figures.map((f) => (
        <Card key={f.game} compact className="notice-figure" data-testid={`notice-figure-${f.game}`}>
          <div className="notice-figure-game">{GAMES[f.game].names[lang]}</div>
          <div>
            {t('serverWatch.field.players')}: <b>{formatCount(f.onlinePlayers, lang) || '—'}</b>
          </div>
          <div>
            {t('serverWatch.field.income')}:{' '}
            <b>{f.incomeToday === null ? '—' : formatMoney(f.incomeToday, 'CNY', lang)}</b>
          </div>
          <div className={Classes.TEXT_MUTED}>
            {t('serverWatch.notice.fromServers', { count: f.servers })}
          </div>
        </Card>
      ))}
    </div>
  );
}

/**
 * Message notices: per game, online players below or above N, or today's income below N by an
 * hour. Each fires once per crossing through the same alerts as server watch. The games' figures
 * now are shown above, so a threshold can be set against them.
 */
export function NoticesTab() {
  const { t } = useTranslation();
  const now = useNow(10_000);
  const [adding, setAdding] = useState(false);
  const list = useListController({ endpoint: 'notices.list', input: {} });
  const sort = useTableSort(list);
  const actions = useRowActions(useNoticeActions(), null, { iconOnly: true });
  const data = list.query.data as OutputOf<'notices.list'> | undefined;

  return (
    <div className="notices" data-testid="notices">
      {data && <Figures figures={data.figures} />}
      <div className="toolbar">
        <p className={Classes.TEXT_MUTED}>{t('serverWatch.notice.intro')}</p>
        <span className="toolbar-spacer" />
        <Button
          intent={Intent.PRIMARY}
          icon="add"
          text={t('serverWatch.notice.add')}
          onClick={() => setAdding(true)}
          data-testid="notice-add"
        />
      </div>
      <ListBody
        list={list}
        testId="notices"
        icon="notifications"
        texts={{ failed: t('serverWatch.notice.loadFailed'), empty: t('serverWatch.notice.empty') }}
        table={(rows) => (
          <RowsTable
            columns={noticeColumns(t)}
            rowCount={rows.length}
            testId="notice-table"
            sort={sort}
            className="notice-table"
          >
            {rows.map((r) => (
              <NoticeRow key={r.id} rule={r} now={now} actions={actions.cell(r)} />
            ))}
          </RowsTable>
        )}
      />
      {actions.dialogs}
      {adding && <NoticeFormDialog onClose={() => setAdding(false)} />}
    </div>
  );
}

/** One notice: its game, condition, the switch that turns it on and off, its state and last figures. */
function NoticeRow({ rule: r, now, actions }: { rule: NoticeRule; now: number; actions: ReactNode }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const toasts = useToasts();
  const setEnabled = useEndpointMutation('notices.setEnabled');
  const valueText = (v: number | null) =>
    v === null ? '—' : isIncome(r.kind) ? formatMoney(v, 'CNY', lang) : formatCount(v, lang);
  const toggle = async () => {
    const what = describeRule(t, lang, r);
    try {
      await setEnabled.mutateAsync({ id: r.id, enabled: !r.enabled });
      toasts.success(t(r.enabled ? 'serverWatch.notice.turnedOff' : 'serverWatch.notice.turnedOn', { what }));
    } catch (err) {
      toasts.error(
        `${t('serverWatch.notice.toggleFailed')}: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
  };
  return (
    <tr data-testid={`notice-row-${r.id}`} data-enabled={r.enabled} data-state={r.state}>
      <td>{GAMES[r.game].names[lang]}</td>
      <td>{describeRule(t, lang, r)}</td>
      <td>
        <Switch
          checked={r.enabled}
          disabled={setEnabled.isPending}
          onChange={() => void toggle()}
          aria-label={t('serverWatch.notice.enabled')}
          data-testid={`notice-enabled-${r.id}`}
        />
      </td>
      <td>
        <Tag minimal={r.state !== 'crossed'} intent={STATE_INTENT[r.state]}>
          {t(`serverWatch.notice.state.${r.state}`)}
        </Tag>
      </td>
      <td title={formatDateTime(r.lastEvaluatedAt, lang)}>{valueText(r.lastValue)}</td>
      <td title={formatDateTime(r.lastFiredAt, lang)}>
        {r.lastFiredAt ? formatRelative(r.lastFiredAt, now, lang) : t('serverWatch.notice.never')}
      </td>
      <td className="notice-note" title={r.note}>
        {r.note}
      </td>
      <td className="watch-actions">{actions}</td>
    </tr>
  );
}

function NoticeFormDialog({ editing, onClose }: { editing?: NoticeRule; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useEndpointMutation('notices.save');
  const form = useBoundForm(noticeForm(editing));
  const { draft, change } = form;
  const income = isIncome(draft.kind);
  const { close, save: submit } = useSaving(form, onClose, save.mutateAsync, () =>
    t(editing ? 'serverWatch.notice.updated' : 'serverWatch.notice.created'),
  );

  return (
    <Dialog
      isOpen
      onClose={close}
      title={editing ? t('serverWatch.notice.editTitle') : t('serverWatch.notice.addTitle')}
      icon="notifications"
    >
      <DialogBody data-testid="notice-form">
        <GameField form={form} />
        <Field
          of={form}
          name="kind"
          as="select"
          options={optionsOf(NOTICE_KINDS, (k) => t(`serverWatch.notice.kind.${k}`))}
        />
        <div className="watch-form-row">
          <Field
            of={form}
            name="threshold"
            label={income ? t('serverWatch.notice.thresholdYuan') : t('serverWatch.notice.thresholdPlayers')}
            inputMode="decimal"
          />
          {income && (
            <Field of={form} name="byHour" need="required" testId="notice-hour" inputMode="numeric" />
          )}
        </div>
        <Switch
          checked={draft.enabled}
          label={t('serverWatch.notice.enabled')}
          onChange={() => change({ enabled: !draft.enabled })}
          data-testid="notice-form-enabled"
        />
        <Field of={form} name="note" as="textarea" maxLength={500} />
        <FormProblems form={form} testId="notice-form" failedTitle={t('serverWatch.notice.saveFailed')} />
      </DialogBody>
      <DialogActions
        onCancel={close}
        pending={form.pending}
        icon="floppy-disk"
        onConfirm={() => void submit()}
        confirmText={editing ? t('serverWatch.form.save') : t('serverWatch.notice.add')}
        testId="notice-save"
      />
    </Dialog>
  );
}
