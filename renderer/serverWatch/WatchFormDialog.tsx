import '@blueprintjs/select/lib/css/blueprint-select.css';
import { useState } from 'react';
import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  InputGroup,
  Intent,
  MenuItem,
  NumericInput,
  Radio,
  RadioGroup,
  TextArea,
} from '@blueprintjs/core';
import { MultiSelect, type ItemRenderer } from '@blueprintjs/select';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '../kit/DialogActions.js';
import {
  CHECK_KINDS,
  WATCH_LIMITS,
  type CheckKind,
  type WatchedServer,
} from '../../shared/api/serverWatch.js';
import type { Operator } from '../../shared/api/users.js';
import type { OutputOf } from '../../shared/api/table.js';
import { Codes } from '../../shared/codes.js';
import { GAME_LIST, GAMES, type GameId } from '../../shared/games.js';
import { ADMIN_OR_SERVICE, canAccess } from '../../shared/roles.js';
import { asResultError } from '../bridge/result.js';
import { ErrorCallout } from '../components/ErrorCallout.js';
import { useToasts } from '../components/Toaster.js';
import { callEndpoint, useEndpointMutation, useEndpointQuery } from '../kit/data.js';
import { FormField } from '../kit/FormField.js';
import { optionsOf, OptionSelect } from '../kit/OptionSelect.js';
import { useForm } from '../kit/useForm.js';
import { useLanguage } from '../i18n/i18n.js';
import {
  WATCH_FIELDS,
  checkWatch,
  draftOf,
  emptyWatch,
  testInputOf,
  watchInvalidKey,
  type WatchDraft,
} from './watchForm.js';
import { formatCount, formatResponse } from './watchFormat.js';
import { formatMoney } from '../components/money.js';

type TestResult = OutputOf<'serverWatch.test'>;

/**
 * Adding or changing a watched server: what to check (TCP, HTTP(S), the game's status endpoint),
 * how often, after how many failed checks it is down, a reminder while down, who is notified.
 * "Test check" runs the check once now through the backend (nothing saved), so the operator sees
 * it answers before saving.
 */
export function WatchFormDialog({
  editing,
  onClose,
  onSaved,
}: {
  editing?: WatchedServer;
  onClose: () => void;
  onSaved?: (s: WatchedServer) => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const toasts = useToasts();
  const save = useEndpointMutation('serverWatch.save');
  const form = useForm({
    initial: editing ? draftOf(editing) : emptyWatch(),
    fields: WATCH_FIELDS,
    check: (d: WatchDraft) => checkWatch(d, editing?.id),
    invalidKey: watchInvalidKey,
    clears: (k) =>
      k === 'kind' || k === 'host' || k === 'port' || k === 'url' || k === 'expectStatus'
        ? ['check']
        : k === 'notifyKind' || k === 'operatorIds'
          ? ['notify']
          : k === 'intervalSec'
            ? ['intervalSec', 'timeoutMs']
            : [k as (typeof WATCH_FIELDS)[number]],
  });
  const { draft, change, errors, fieldIntent } = form;
  const [reason, setReason] = useState('');
  const [testing, setTesting] = useState(false);
  const [tested, setTested] = useState<TestResult | null>(null);
  const [testError, setTestError] = useState<unknown>(null);

  const close = () => {
    if (form.pending) return;
    onClose();
  };

  const submit = async () => {
    const input = form.validate();
    if (input === null) return;
    try {
      const saved = await form.send(() =>
        save.mutateAsync({ ...input, ...(reason.trim().length >= 2 ? { reason: reason.trim() } : {}) }),
      );
      toasts.success(
        t(editing ? 'serverWatch.form.updated' : 'serverWatch.form.created', {
          name: saved.name,
          game: GAMES[saved.game].names[lang],
        }),
      );
      onSaved?.(saved);
      onClose();
    } catch {
      // The form shows the failure and marks the fields the backend refused.
    }
  };

  const runTest = async () => {
    setTesting(true);
    setTested(null);
    setTestError(null);
    try {
      setTested(await callEndpoint('serverWatch.test', testInputOf(draft, Number(draft.timeoutMs) || 5000)));
    } catch (err) {
      setTestError(err);
    } finally {
      setTesting(false);
    }
  };

  const numberField = (
    field: 'intervalSec' | 'timeoutMs' | 'failuresToDown' | 'remindEveryMin',
    limits: { min: number; max: number },
    need: 'required' | 'optional' = 'required',
  ) => (
    <FormField
      id={`watch-${field}`}
      label={t(`serverWatch.field.${field}`)}
      need={need}
      error={errors[field]}
      help={t(`serverWatch.form.help.${field}`, limits)}
    >
      <NumericInput
        id={`watch-${field}`}
        value={draft[field]}
        min={limits.min}
        max={limits.max}
        allowNumericCharactersOnly
        buttonPosition="none"
        onValueChange={(_n, text) => change({ [field]: text } as Partial<WatchDraft>)}
        intent={fieldIntent(field)}
        data-testid={`watch-${field}`}
      />
    </FormField>
  );

  return (
    <Dialog
      isOpen
      onClose={close}
      title={
        editing ? t('serverWatch.form.editTitle', { name: editing.name }) : t('serverWatch.form.addTitle')
      }
      icon={editing ? 'edit' : 'add'}
      className="watch-form-dialog"
    >
      <DialogBody data-testid="watch-form">
        <div className="watch-form-row">
          <FormField id="watch-name" label={t('serverWatch.field.name')} need="required" error={errors.name}>
            <InputGroup
              id="watch-name"
              value={draft.name}
              maxLength={80}
              onValueChange={(name) => change({ name })}
              intent={fieldIntent('name')}
              data-testid="watch-name"
            />
          </FormField>
          <FormField id="watch-game" label={t('serverWatch.field.game')} need="required" error={errors.game}>
            <OptionSelect
              id="watch-game"
              value={draft.game}
              none={t('serverWatch.form.chooseGame')}
              options={GAME_LIST.map((g) => ({ value: g.id, label: g.names[lang] }))}
              onChange={(v) => change({ game: v as GameId | '' })}
              data-testid="watch-game"
            />
          </FormField>
        </div>
        <FormField id="watch-kind" label={t('serverWatch.field.check')} need="required">
          <OptionSelect
            id="watch-kind"
            value={draft.kind}
            options={optionsOf(CHECK_KINDS, (k) => t(`serverWatch.kindLong.${k}`))}
            onChange={(v) => {
              change({ kind: v as CheckKind });
              setTested(null);
            }}
            data-testid="watch-kind"
          />
        </FormField>
        {draft.kind === 'tcp' ? (
          <div className="watch-form-row">
            <FormField id="watch-host" label={t('serverWatch.field.host')} need="required">
              <InputGroup
                id="watch-host"
                value={draft.host}
                placeholder="game1.example.com"
                onValueChange={(host) => change({ host })}
                intent={fieldIntent('check')}
                data-testid="watch-host"
              />
            </FormField>
            <FormField id="watch-port" label={t('serverWatch.field.port')} need="required">
              <InputGroup
                id="watch-port"
                value={draft.port}
                inputMode="numeric"
                placeholder="7000"
                onValueChange={(port) => change({ port })}
                intent={fieldIntent('check')}
                data-testid="watch-port"
              />
            </FormField>
          </div>
        ) : (
          <div className="watch-form-row">
            <FormField
              id="watch-url"
              label={t('serverWatch.field.url')}
              need="required"
              help={t(`serverWatch.form.help.${draft.kind}`)}
              className="watch-form-grow"
            >
              <InputGroup
                id="watch-url"
                value={draft.url}
                placeholder={
                  draft.kind === 'http' ? 'https://game1.example.com/health' : 'http://10.0.0.5:8080/status'
                }
                onValueChange={(url) => change({ url })}
                intent={fieldIntent('check')}
                data-testid="watch-url"
              />
            </FormField>
            {draft.kind === 'http' && (
              <FormField id="watch-expect" label={t('serverWatch.field.expectStatus')} need="required">
                <InputGroup
                  id="watch-expect"
                  value={draft.expectStatus}
                  inputMode="numeric"
                  onValueChange={(expectStatus) => change({ expectStatus })}
                  intent={fieldIntent('check')}
                  data-testid="watch-expect"
                />
              </FormField>
            )}
          </div>
        )}
        {errors.check && (
          <p className="watch-check-error" data-testid="watch-check-invalid">
            {t(errors.check)}
          </p>
        )}
        <div className="watch-test">
          <Button
            icon="play"
            text={t('serverWatch.form.test')}
            loading={testing}
            onClick={() => void runTest()}
            data-testid="watch-test"
          />
          {tested && (
            <Callout
              compact
              intent={tested.ok ? Intent.SUCCESS : Intent.DANGER}
              icon={tested.ok ? 'tick-circle' : 'error'}
              data-testid="watch-test-result"
              data-ok={tested.ok}
            >
              {tested.ok
                ? t('serverWatch.form.testOk', { ms: formatResponse(tested.responseMs, lang) })
                : t('serverWatch.form.testFailed', { error: tested.error ?? '' })}
              {tested.onlinePlayers !== null &&
                ` · ${t('serverWatch.form.testPlayers', { n: formatCount(tested.onlinePlayers, lang) })}`}
              {tested.incomeToday !== null &&
                ` · ${t('serverWatch.form.testIncome', { amount: formatMoney(tested.incomeToday, 'CNY', lang) })}`}
            </Callout>
          )}
          {testError !== null && (
            <ErrorCallout
              title={t('serverWatch.form.testCallFailed')}
              error={asResultError(testError, Codes.NETWORK)}
              testId="watch-test-error"
            />
          )}
        </div>
        <div className="watch-form-row">
          {numberField('intervalSec', WATCH_LIMITS.intervalSec)}
          {numberField('timeoutMs', WATCH_LIMITS.timeoutMs)}
        </div>
        <div className="watch-form-row">
          {numberField('failuresToDown', WATCH_LIMITS.failuresToDown)}
          {numberField('remindEveryMin', WATCH_LIMITS.remindEveryMin, 'optional')}
        </div>
        <FormField id="watch-notify" label={t('serverWatch.field.notify')} error={errors.notify}>
          <RadioGroup
            selectedValue={draft.notifyKind}
            onChange={(e) => change({ notifyKind: e.currentTarget.value as 'game' | 'operators' })}
            inline
          >
            <Radio value="game" label={t('serverWatch.notify.game')} data-testid="watch-notify-game" />
            <Radio
              value="operators"
              label={t('serverWatch.notify.operators')}
              data-testid="watch-notify-operators"
            />
          </RadioGroup>
          {draft.notifyKind === 'operators' && (
            <OperatorsSelect
              value={draft.operatorIds}
              onChange={(operatorIds) => change({ operatorIds })}
              invalid={errors.notify !== undefined}
            />
          )}
        </FormField>
        <FormField
          id="watch-note"
          label={t('serverWatch.field.note')}
          need="optional"
          error={errors.note}
          help={t('kit.form.chars', { count: draft.note.length, max: 500 })}
        >
          <TextArea
            id="watch-note"
            fill
            value={draft.note}
            maxLength={500}
            onChange={(e) => change({ note: e.currentTarget.value })}
            data-testid="watch-note"
          />
        </FormField>
        {editing && (
          <FormField
            id="watch-reason"
            label={t('confirm.reason')}
            need="optional"
            help={t('serverWatch.form.reasonHelp')}
          >
            <TextArea
              id="watch-reason"
              fill
              value={reason}
              maxLength={500}
              onChange={(e) => setReason(e.currentTarget.value)}
              data-testid="watch-reason"
            />
          </FormField>
        )}
        {Object.keys(errors).length > 0 && (
          <Callout intent={Intent.DANGER} icon="error" data-testid="watch-form-invalid">
            {t('serverWatch.form.invalid')}
          </Callout>
        )}
        {form.error !== null && (
          <ErrorCallout
            title={editing ? t('serverWatch.form.updateFailed') : t('serverWatch.form.createFailed')}
            error={asResultError(form.error, Codes.NETWORK)}
            testId="watch-form-failed"
          />
        )}
      </DialogBody>
      <DialogActions
        onCancel={close}
        pending={form.pending}
        icon={editing ? 'floppy-disk' : 'add'}
        onConfirm={() => void submit()}
        confirmText={editing ? t('serverWatch.form.save') : t('serverWatch.form.add')}
        testId="watch-save"
      />
    </Dialog>
  );
}

/** The operators who can receive alerts (enabled, holding SUPER, ADMIN or Service), chosen by name. */
function OperatorsSelect({
  value,
  onChange,
  invalid,
}: {
  value: readonly number[];
  onChange: (ids: number[]) => void;
  invalid: boolean;
}) {
  const { t } = useTranslation();
  const users = useEndpointQuery('users.list', { page: 1, pageSize: 200 }, { staleTime: 60_000 });
  const eligible = (users.data?.items ?? []).filter(
    (o) => !o.disabled && canAccess(o.roles, ADMIN_OR_SERVICE),
  );
  const chosen = eligible.filter((o) => value.includes(o.id));
  const toggle = (o: Operator) =>
    onChange(value.includes(o.id) ? value.filter((id) => id !== o.id) : [...value, o.id]);
  const renderItem: ItemRenderer<Operator> = (o, { handleClick, handleFocus, modifiers, ref }) => {
    if (!modifiers.matchesPredicate) return null;
    return (
      <MenuItem
        key={o.id}
        ref={ref}
        text={o.name}
        label={o.roles.join(', ')}
        active={modifiers.active}
        roleStructure="listoption"
        selected={value.includes(o.id)}
        onClick={handleClick}
        onFocus={handleFocus}
        data-testid={`watch-operator-${o.id}`}
      />
    );
  };
  return (
    <MultiSelect<Operator>
      items={eligible}
      selectedItems={chosen}
      itemRenderer={renderItem}
      itemPredicate={(query, o) =>
        `${o.name} ${o.first_name} ${o.phone}`.toLowerCase().includes(query.trim().toLowerCase())
      }
      onItemSelect={toggle}
      onRemove={toggle}
      tagRenderer={(o) => o.name}
      placeholder={
        users.isPending ? t('serverWatch.form.loadingOperators') : t('serverWatch.form.chooseOperators')
      }
      noResults={<MenuItem disabled text={t('serverWatch.form.noOperators')} roleStructure="listoption" />}
      tagInputProps={{
        intent: invalid ? Intent.DANGER : Intent.NONE,
        inputProps: { 'data-testid': 'watch-operators-input' } as never,
      }}
      popoverProps={{ minimal: true }}
      resetOnSelect
      fill
    />
  );
}
