import '@blueprintjs/select/lib/css/blueprint-select.css';
import { useState } from 'react';
import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  InputGroup,
  Intent,
  type InputGroupProps,
  MenuItem,
  NumericInput,
  Radio,
  RadioGroup,
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
import { GAMES } from '../../shared/games.js';
import { ADMIN_OR_SERVICE, canAccess } from '../../shared/roles.js';
import { asResultError } from '../bridge/result.js';
import { ErrorCallout } from '../components/ErrorCallout.js';
import { callEndpoint, useEndpointMutation, useEndpointQuery } from '../kit/data.js';
import { Field, FieldFrame, type FieldInput } from '../kit/form/Field.js';
import { useBoundForm } from '../kit/form/useBoundForm.js';
import { useSaving } from '../kit/form/useSaving.js';
import { FormProblems, GameField } from './formParts.js';
import { optionsOf } from '../kit/OptionSelect.js';
import { useLanguage } from '../i18n/i18n.js';
import { testInputOf, watchForm, type WatchDraft } from './watchForm.js';
import { formatCount, formatResponse } from './watchFormat.js';
import { formatMoney } from '../components/money.js';

type TestResult = OutputOf<'serverWatch.test'>;
type WatchForm = ReturnType<typeof useBoundForm<'serverWatch.save', WatchDraft>>;

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
  const save = useEndpointMutation('serverWatch.save');
  const form = useBoundForm(watchForm(editing));
  const { errors } = form;
  const [tested, setTested] = useState<TestResult | null>(null);
  const { close, save: submit } = useSaving(
    form,
    onClose,
    save.mutateAsync,
    (saved) =>
      t(editing ? 'serverWatch.form.updated' : 'serverWatch.form.created', {
        name: saved.name,
        game: GAMES[saved.game].names[lang],
      }),
    onSaved,
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
          <Field of={form} name="name" maxLength={80} />
          <GameField form={form} />
        </div>
        <CheckFields form={form} tested={tested} setTested={setTested} />
        <div className="watch-form-row">
          <NumberField form={form} field="intervalSec" />
          <NumberField form={form} field="timeoutMs" />
        </div>
        <div className="watch-form-row">
          <NumberField form={form} field="failuresToDown" />
          <NumberField form={form} field="remindEveryMin" />
        </div>
        <FieldFrame of={form} name="notify" need={null}>
          {() => (
            <>
              <RadioGroup
                selectedValue={form.draft.notifyKind}
                onChange={(e) => form.change({ notifyKind: e.currentTarget.value as 'game' | 'operators' })}
                inline
              >
                <Radio value="game" label={t('serverWatch.notify.game')} data-testid="watch-notify-game" />
                <Radio
                  value="operators"
                  label={t('serverWatch.notify.operators')}
                  data-testid="watch-notify-operators"
                />
              </RadioGroup>
              {form.draft.notifyKind === 'operators' && (
                <OperatorsSelect
                  value={form.draft.operatorIds}
                  onChange={(operatorIds) => form.change({ operatorIds })}
                  invalid={errors.notify !== undefined}
                />
              )}
            </>
          )}
        </FieldFrame>
        <Field
          of={form}
          name="note"
          as="textarea"
          maxLength={500}
          help={t('kit.form.chars', { count: form.draft.note.length, max: 500 })}
        />
        {editing && (
          <Field
            of={form}
            name="reason"
            as="textarea"
            label={t('confirm.reason')}
            need="optional"
            help={t('serverWatch.form.reasonHelp')}
            maxLength={500}
          />
        )}
        <FormProblems
          form={form}
          testId="watch-form"
          failedTitle={editing ? t('serverWatch.form.updateFailed') : t('serverWatch.form.createFailed')}
        />
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

/** One of the timing fields: a whole number within the contract's limits, said in its help. */
function NumberField({
  form,
  field,
}: {
  form: WatchForm;
  field: 'intervalSec' | 'timeoutMs' | 'failuresToDown' | 'remindEveryMin';
}) {
  const { t } = useTranslation();
  const limits = WATCH_LIMITS[field];
  return (
    <FieldFrame
      of={form}
      name={field}
      // Typed as text, so the schema's defaults do not make them optional on screen.
      need={field === 'remindEveryMin' ? 'optional' : 'required'}
      help={t(`serverWatch.form.help.${field}`, limits)}
    >
      {(p) => (
        <NumericInput
          id={p.id}
          value={form.draft[field]}
          min={limits.min}
          max={limits.max}
          allowNumericCharactersOnly
          buttonPosition="none"
          onValueChange={(_n, text) => form.change({ [field]: text })}
          intent={p.intent}
          data-testid={p.testId}
        />
      )}
    </FieldFrame>
  );
}

/** What to check, for its kind, with its error and the "Test check" that runs it once now. */
function CheckFields({
  form,
  tested,
  setTested,
}: {
  form: WatchForm;
  tested: TestResult | null;
  setTested: (r: TestResult | null) => void;
}) {
  const { t } = useTranslation();
  const { draft, errors } = form;
  // The parts of the check share its one error.
  const checkInput = (name: 'host' | 'port' | 'url' | 'expectStatus', testId?: string) => ({
    of: form,
    name,
    need: 'required' as const,
    ...(testId ? { testId } : {}),
  });
  const intent = errors.check ? Intent.DANGER : Intent.NONE;
  const text =
    (name: 'host' | 'port' | 'url' | 'expectStatus', extra: Partial<InputGroupProps>) => (p: FieldInput) => (
      <InputGroup
        id={p.id}
        value={draft[name]}
        onValueChange={(v) => form.change({ [name]: v })}
        intent={intent}
        data-testid={p.testId}
        {...extra}
      />
    );
  return (
    <>
      <Field
        of={form}
        name="kind"
        as="select"
        need="required"
        options={optionsOf(CHECK_KINDS, (k) => t(`serverWatch.kindLong.${k}`))}
        onChange={(v) => {
          form.change({ kind: v as CheckKind });
          setTested(null);
        }}
      />
      {draft.kind === 'tcp' ? (
        <div className="watch-form-row">
          <FieldFrame {...checkInput('host')}>
            {text('host', { placeholder: 'game1.example.com' })}
          </FieldFrame>
          <FieldFrame {...checkInput('port')}>
            {text('port', { inputMode: 'numeric', placeholder: '7000' })}
          </FieldFrame>
        </div>
      ) : (
        <div className="watch-form-row">
          <FieldFrame
            {...checkInput('url')}
            help={t(`serverWatch.form.help.${draft.kind}`)}
            className="watch-form-grow"
          >
            {text('url', {
              placeholder:
                draft.kind === 'http' ? 'https://game1.example.com/health' : 'http://10.0.0.5:8080/status',
            })}
          </FieldFrame>
          {draft.kind === 'http' && (
            <FieldFrame {...checkInput('expectStatus', 'watch-expect')}>
              {text('expectStatus', { inputMode: 'numeric' })}
            </FieldFrame>
          )}
        </div>
      )}
      {errors.check && (
        <p className="watch-check-error" data-testid="watch-check-invalid">
          {t(errors.check)}
        </p>
      )}
      <CheckTest draft={draft} tested={tested} setTested={setTested} />
    </>
  );
}

/** "Test check": the draft's check run once now through the backend, nothing saved. */
function CheckTest({
  draft,
  tested,
  setTested,
}: {
  draft: WatchDraft;
  tested: TestResult | null;
  setTested: (r: TestResult | null) => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [testing, setTesting] = useState(false);
  const [testError, setTestError] = useState<unknown>(null);
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
  return (
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
