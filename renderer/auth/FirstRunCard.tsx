import { useState, type FormEvent } from 'react';
import {
  Button,
  Callout,
  Checkbox,
  FormGroup,
  InputGroup,
  Intent,
  Radio,
  RadioGroup,
} from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Codes } from '../../shared/codes.js';
import type { ResultError } from '../../shared/envelope.js';
import type { SetupInit } from '../../shared/api/setup.js';
import { bridge } from '../bridge/bridge.js';
import { asResultError } from '../bridge/result.js';
import { ErrorCallout } from '../components/ErrorCallout.js';
import { useSession } from '../session/SessionContext.js';
import {
  checkFirstRun,
  DEMO_SETUP,
  emptyFirstRun,
  firstRunErrorsFromIssues,
  type FirstRunField,
  type FirstRunValues,
} from './firstRunForm.js';

type Choice = 'super' | 'demo';

/** What the sign-in form is told after the first run: who to sign in as, and what happened. */
export interface FirstRunDone {
  mode: Choice;
  account: string;
}

const FIELDS: readonly {
  field: FirstRunField;
  type: 'text' | 'password';
  autoComplete: string;
  maxLength: number;
}[] = [
  { field: 'phone', type: 'text', autoComplete: 'tel', maxLength: 21 },
  { field: 'name', type: 'text', autoComplete: 'username', maxLength: 64 },
  { field: 'password', type: 'password', autoComplete: 'new-password', maxLength: 256 },
  { field: 'confirm', type: 'password', autoComplete: 'new-password', maxLength: 256 },
];

/**
 * The embedded backend's first run, in place of the sign-in form: a fresh install has no operator
 * and no known password, so the first person here either creates the first super-admin or
 * chooses the demo data, knowingly (its passwords are published).
 */
export function FirstRunCard({ onDone }: { onDone: (done: FirstRunDone) => void }) {
  const { t } = useTranslation();
  const { applyAppInfo, reloadAppInfo } = useSession();
  const [choice, setChoice] = useState<Choice>('super');
  const [values, setValues] = useState<FirstRunValues>(emptyFirstRun);
  const [errors, setErrors] = useState<Partial<Record<FirstRunField, string>>>({});
  const [understood, setUnderstood] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ResultError | null>(null);

  const send = async (input: SetupInit, done: FirstRunDone) => {
    setBusy(true);
    setError(null);
    try {
      const result = await bridge().backend.setup(input);
      if (result.ok) {
        applyAppInfo(result.data);
        onDone(done);
        return;
      }
      setError(result.error);
      setErrors(firstRunErrorsFromIssues(result.error.details ?? []));
      // Someone may have finished the first run meanwhile: the page then follows what main says.
      await reloadAppInfo();
    } catch (err) {
      setError(asResultError(err, Codes.NETWORK));
    } finally {
      setBusy(false);
    }
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (choice === 'demo') {
      if (understood) void send(DEMO_SETUP, { mode: 'demo', account: '' });
      return;
    }
    const checked = checkFirstRun(values);
    if (!checked.ok) {
      setErrors(Object.fromEntries(Object.entries(checked.errors).map(([f, key]) => [f, t(key)])));
      return;
    }
    setErrors({});
    void send(checked.input, { mode: 'super', account: checked.input.name ?? '' });
  };

  const set = (field: FirstRunField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors(({ [field]: _fixed, ...rest }) => rest);
  };

  return (
    <form className="first-run" onSubmit={onSubmit} noValidate data-testid="first-run">
      <p>{t('firstRun.intro')}</p>
      <RadioGroup
        label={t('firstRun.choose')}
        selectedValue={choice}
        onChange={(e) => {
          setChoice(e.currentTarget.value === 'demo' ? 'demo' : 'super');
          setError(null);
        }}
        disabled={busy}
      >
        <Radio value="super" label={t('firstRun.super.choice')} data-testid="first-run-super" />
        <Radio value="demo" label={t('firstRun.demo.choice')} data-testid="first-run-demo" />
      </RadioGroup>
      {error && <ErrorCallout title={t('firstRun.failed')} error={error} testId="first-run-error" />}
      {choice === 'super' ? (
        <>
          <p>{t('firstRun.super.body')}</p>
          {FIELDS.map(({ field, type, autoComplete, maxLength }) => {
            const problem = errors[field];
            return (
              <FormGroup
                key={field}
                label={t(`firstRun.field.${field}`)}
                labelFor={`first-run-${field}`}
                helperText={
                  <span data-testid={`first-run-${field}-help`}>
                    {problem ?? t(`firstRun.help.${field}`)}
                  </span>
                }
                intent={problem ? Intent.DANGER : Intent.NONE}
              >
                <InputGroup
                  id={`first-run-${field}`}
                  type={type}
                  autoComplete={autoComplete}
                  value={values[field]}
                  onValueChange={(v) => set(field, v)}
                  intent={problem ? Intent.DANGER : Intent.NONE}
                  disabled={busy}
                  maxLength={maxLength}
                  data-testid={`first-run-${field}`}
                />
              </FormGroup>
            );
          })}
          <Button
            type="submit"
            intent={Intent.PRIMARY}
            fill
            loading={busy}
            text={t('firstRun.super.submit')}
            data-testid="first-run-submit"
          />
        </>
      ) : (
        <>
          <Callout intent={Intent.WARNING} icon="warning-sign" title={t('firstRun.demo.warningTitle')}>
            <p>{t('firstRun.demo.warning')}</p>
            <p>{t('firstRun.demo.banner')}</p>
          </Callout>
          <Checkbox
            checked={understood}
            onChange={(e) => setUnderstood(e.currentTarget.checked)}
            label={t('firstRun.demo.understood')}
            disabled={busy}
            data-testid="first-run-demo-understood"
          />
          <Button
            type="submit"
            intent={Intent.WARNING}
            fill
            loading={busy}
            disabled={!understood}
            text={t('firstRun.demo.submit')}
            data-testid="first-run-submit"
          />
        </>
      )}
    </form>
  );
}
