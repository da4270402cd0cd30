import { useState } from 'react';
import {
  Button,
  Callout,
  Card,
  Classes,
  Dialog,
  DialogBody,
  HTMLTable,
  InputGroup,
  Intent,
  Switch,
  Tag,
  TextArea,
} from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '../kit/DialogActions.js';
import { NOTICE_KINDS, type NoticeKind, type NoticeRule } from '../../shared/api/notices.js';
import { Codes } from '../../shared/codes.js';
import { GAME_LIST, GAMES, type GameId } from '../../shared/games.js';
import { asResultError } from '../bridge/result.js';
import { EmptyState } from '../components/EmptyState.js';
import { ErrorCallout } from '../components/ErrorCallout.js';
import { QueryState } from '../components/QueryState.js';
import { ReasonConfirmDialog } from '../components/ReasonConfirmDialog.js';
import { useNow } from '../components/hooks.js';
import { formatDateTime } from '../components/format.js';
import { formatMoney } from '../components/money.js';
import { useToasts } from '../components/Toaster.js';
import { useEndpointMutation, useEndpointQuery } from '../kit/data.js';
import { FormField } from '../kit/FormField.js';
import { useRetained } from '../kit/gameName.js';
import { optionsOf, OptionSelect } from '../kit/OptionSelect.js';
import { useForm } from '../kit/useForm.js';
import { useLanguage } from '../i18n/i18n.js';
import {
  NOTICE_FIELDS,
  checkNotice,
  emptyNotice,
  isIncome,
  noticeDraftOf,
  noticeInvalidKey,
  type NoticeDraft,
} from './noticeForm.js';
import { formatCount, formatRelative } from './watchFormat.js';

const STATE_INTENT = { ok: Intent.SUCCESS, crossed: Intent.DANGER, unknown: Intent.NONE } as const;

/**
 * Message notices: per game, online players below or above N, or today's income below N by an
 * hour. Each fires once per crossing through the same alerts as server watch. The games' figures
 * now are shown above, so a threshold can be set against them.
 */
export function NoticesTab() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const toasts = useToasts();
  const now = useNow(10_000);
  const notices = useEndpointQuery('notices.list', {});
  const setEnabled = useEndpointMutation('notices.setEnabled');
  const remove = useEndpointMutation('notices.delete');
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<NoticeRule | null>(null);
  const [deleting, setDeleting] = useState<NoticeRule | null>(null);
  const shownDeleting = useRetained(deleting);
  const gameName = (g: GameId) => GAMES[g].names[lang];

  const describe = (r: NoticeRule) =>
    t(`serverWatch.notice.describe.${r.kind}`, {
      n: isIncome(r.kind) ? formatMoney(r.threshold, 'CNY', lang) : formatCount(r.threshold, lang),
      hour: String(r.byHour ?? 0).padStart(2, '0'),
    });
  const valueText = (r: NoticeRule, v: number | null) =>
    v === null ? '—' : isIncome(r.kind) ? formatMoney(v, 'CNY', lang) : formatCount(v, lang);

  const toggle = async (r: NoticeRule) => {
    try {
      await setEnabled.mutateAsync({ id: r.id, enabled: !r.enabled });
      toasts.success(
        t(r.enabled ? 'serverWatch.notice.turnedOff' : 'serverWatch.notice.turnedOn', { what: describe(r) }),
      );
    } catch (err) {
      toasts.error(
        t('serverWatch.notice.toggleFailed', { error: err instanceof Error ? err.message : String(err) }),
      );
    }
  };

  return (
    <div className="notices" data-testid="notices">
      <QueryState
        query={notices}
        failedTitle={t('serverWatch.notice.loadFailed')}
        errorTestId="notices-error"
      >
        {(data) => (
          <>
            <div className="notice-figures" data-testid="notice-figures">
              {data.figures.map((f) => (
                <Card key={f.game} compact className="notice-figure" data-testid={`notice-figure-${f.game}`}>
                  <div className="notice-figure-game">{gameName(f.game)}</div>
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
            {data.rules.length === 0 ? (
              <EmptyState icon="notifications" title={t('serverWatch.notice.empty')} testId="notices-empty" />
            ) : (
              <HTMLTable compact striped className="notice-table" data-testid="notice-table">
                <thead>
                  <tr>
                    <th>{t('serverWatch.field.game')}</th>
                    <th>{t('serverWatch.notice.condition')}</th>
                    <th>{t('serverWatch.notice.enabled')}</th>
                    <th>{t('serverWatch.field.state')}</th>
                    <th>{t('serverWatch.notice.lastValue')}</th>
                    <th>{t('serverWatch.notice.lastFired')}</th>
                    <th>{t('serverWatch.field.note')}</th>
                    <th>{t('kit.list.actions')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.rules.map((r) => (
                    <tr
                      key={r.id}
                      data-testid={`notice-row-${r.id}`}
                      data-enabled={r.enabled}
                      data-state={r.state}
                    >
                      <td>{gameName(r.game)}</td>
                      <td>{describe(r)}</td>
                      <td>
                        <Switch
                          checked={r.enabled}
                          disabled={setEnabled.isPending}
                          onChange={() => void toggle(r)}
                          aria-label={t('serverWatch.notice.enabled')}
                          data-testid={`notice-enabled-${r.id}`}
                        />
                      </td>
                      <td>
                        <Tag minimal={r.state !== 'crossed'} intent={STATE_INTENT[r.state]}>
                          {t(`serverWatch.notice.state.${r.state}`)}
                        </Tag>
                      </td>
                      <td title={formatDateTime(r.lastEvaluatedAt, lang)}>{valueText(r, r.lastValue)}</td>
                      <td title={formatDateTime(r.lastFiredAt, lang)}>
                        {r.lastFiredAt
                          ? formatRelative(r.lastFiredAt, now, lang)
                          : t('serverWatch.notice.never')}
                      </td>
                      <td className="notice-note" title={r.note}>
                        {r.note}
                      </td>
                      <td className="watch-actions">
                        <Button
                          size="small"
                          variant="minimal"
                          icon="edit"
                          aria-label={t('serverWatch.list.edit')}
                          title={t('serverWatch.list.edit')}
                          onClick={() => setEditing(r)}
                          data-testid={`notice-edit-${r.id}`}
                        />
                        <Button
                          size="small"
                          variant="minimal"
                          icon="trash"
                          intent={Intent.DANGER}
                          aria-label={t('serverWatch.notice.delete')}
                          title={t('serverWatch.notice.delete')}
                          onClick={() => setDeleting(r)}
                          data-testid={`notice-delete-${r.id}`}
                        />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </HTMLTable>
            )}
          </>
        )}
      </QueryState>
      {adding && <NoticeFormDialog onClose={() => setAdding(false)} />}
      {editing && <NoticeFormDialog key={editing.id} editing={editing} onClose={() => setEditing(null)} />}
      <ReasonConfirmDialog
        isOpen={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('serverWatch.notice.deleteTitle', {
          game: shownDeleting ? gameName(shownDeleting.game) : '',
          what: shownDeleting ? describe(shownDeleting) : '',
        })}
        warning={t('serverWatch.notice.deleteWarning')}
        confirmText={t('serverWatch.notice.delete')}
        failedTitle={t('serverWatch.notice.deleteFailed')}
        icon="trash"
        intent={Intent.DANGER}
        onConfirm={async (reason) => {
          if (!deleting) return;
          await remove.mutateAsync({ id: deleting.id, reason });
          toasts.success(t('serverWatch.notice.deleted', { what: describe(deleting) }));
        }}
        testId="notice-delete-dialog"
      />
    </div>
  );
}

function NoticeFormDialog({ editing, onClose }: { editing?: NoticeRule; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const toasts = useToasts();
  const save = useEndpointMutation('notices.save');
  const form = useForm({
    initial: editing ? noticeDraftOf(editing) : emptyNotice(),
    fields: NOTICE_FIELDS,
    check: (d: NoticeDraft) => checkNotice(d, editing?.id),
    invalidKey: noticeInvalidKey,
    clears: (k) => (k === 'kind' ? ['kind', 'threshold', 'byHour'] : [k as (typeof NOTICE_FIELDS)[number]]),
  });
  const { draft, change, errors, fieldIntent } = form;
  const income = isIncome(draft.kind);

  const close = () => {
    if (!form.pending) onClose();
  };
  const submit = async () => {
    const input = form.validate();
    if (input === null) return;
    try {
      await form.send(() => save.mutateAsync(input));
      toasts.success(t(editing ? 'serverWatch.notice.updated' : 'serverWatch.notice.created'));
      onClose();
    } catch {
      // Shown in the form.
    }
  };

  return (
    <Dialog
      isOpen
      onClose={close}
      title={editing ? t('serverWatch.notice.editTitle') : t('serverWatch.notice.addTitle')}
      icon="notifications"
    >
      <DialogBody data-testid="notice-form">
        <FormField id="notice-game" label={t('serverWatch.field.game')} need="required" error={errors.game}>
          <OptionSelect
            id="notice-game"
            value={draft.game}
            none={t('serverWatch.form.chooseGame')}
            options={GAME_LIST.map((g) => ({ value: g.id, label: g.names[lang] }))}
            onChange={(v) => change({ game: v as GameId | '' })}
            data-testid="notice-game"
          />
        </FormField>
        <FormField
          id="notice-kind"
          label={t('serverWatch.notice.kindLabel')}
          need="required"
          error={errors.kind}
        >
          <OptionSelect
            id="notice-kind"
            value={draft.kind}
            options={optionsOf(NOTICE_KINDS, (k) => t(`serverWatch.notice.kind.${k}`))}
            onChange={(v) => change({ kind: v as NoticeKind })}
            data-testid="notice-kind"
          />
        </FormField>
        <div className="watch-form-row">
          <FormField
            id="notice-threshold"
            label={income ? t('serverWatch.notice.thresholdYuan') : t('serverWatch.notice.thresholdPlayers')}
            need="required"
            error={errors.threshold}
          >
            <InputGroup
              id="notice-threshold"
              value={draft.threshold}
              inputMode="decimal"
              onValueChange={(threshold) => change({ threshold })}
              intent={fieldIntent('threshold')}
              data-testid="notice-threshold"
            />
          </FormField>
          {income && (
            <FormField
              id="notice-hour"
              label={t('serverWatch.notice.byHour')}
              need="required"
              error={errors.byHour}
              help={t('serverWatch.notice.byHourHelp')}
            >
              <InputGroup
                id="notice-hour"
                value={draft.byHour}
                inputMode="numeric"
                onValueChange={(byHour) => change({ byHour })}
                intent={fieldIntent('byHour')}
                data-testid="notice-hour"
              />
            </FormField>
          )}
        </div>
        <Switch
          checked={draft.enabled}
          label={t('serverWatch.notice.enabled')}
          onChange={() => change({ enabled: !draft.enabled })}
          data-testid="notice-form-enabled"
        />
        <FormField id="notice-note" label={t('serverWatch.field.note')} need="optional" error={errors.note}>
          <TextArea
            id="notice-note"
            fill
            value={draft.note}
            maxLength={500}
            onChange={(e) => change({ note: e.currentTarget.value })}
            data-testid="notice-note"
          />
        </FormField>
        {Object.keys(errors).length > 0 && (
          <Callout intent={Intent.DANGER} icon="error" data-testid="notice-form-invalid">
            {t('serverWatch.form.invalid')}
          </Callout>
        )}
        {form.error !== null && (
          <ErrorCallout
            title={t('serverWatch.notice.saveFailed')}
            error={asResultError(form.error, Codes.NETWORK)}
            testId="notice-form-failed"
          />
        )}
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
