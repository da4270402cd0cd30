import { useState, type FormEvent } from 'react';
import { Button, Callout, Checkbox, Intent, Radio, RadioGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Codes } from '../../shared/codes.js';
import { bridge } from '../bridge/bridge.js';
import { asResultError, unwrap } from '../bridge/result.js';
import { ErrorCallout } from '../components/ErrorCallout.js';
import { Field } from '../kit/form/Field.js';
import { useDeferredBoundForm } from '../kit/form/useDeferredBoundForm.js';
import { useSession } from '../session/SessionContext.js';
import { FIRST_RUN_FIELDS, firstRunForm, type FirstRunMode } from './authForms.js';

/** What the sign-in form is told after the first run: who to sign in as, and what happened. */
export interface FirstRunDone {
  mode: FirstRunMode;
  account: string;
}

const INPUTS = {
  phone: { type: 'text', autoComplete: 'tel', maxLength: 21 },
  name: { type: 'text', autoComplete: 'username', maxLength: 64 },
  password: { type: 'password', autoComplete: 'new-password', maxLength: 256 },
  confirm: { type: 'password', autoComplete: 'new-password', maxLength: 256 },
} as const;

/**
 * The embedded backend's first run, in place of the sign-in form: a fresh install has no operator
 * and no known password, so the first person here either creates the first super-admin or
 * chooses the demo data, knowingly (its passwords are published).
 */
export function FirstRunCard({ onDone }: { onDone: (done: FirstRunDone) => void }) {
  const { t } = useTranslation();
  const { applyAppInfo, reloadAppInfo } = useSession();
  const form = useDeferredBoundForm(firstRunForm());
  const [understood, setUnderstood] = useState(false);
  // A failure is about the choice it was sent for: choosing the other one puts it aside.
  const [sentMode, setSentMode] = useState<FirstRunMode | null>(null);
  const mode = form.draft.mode;

  // Main makes the call (with the embedded backend's launch key): the card sends through the bridge.
  const send = form.submit(async (input) => {
    setSentMode(input.mode);
    try {
      applyAppInfo(unwrap(await bridge().backend.setup(input)));
    } catch (err) {
      // Someone may have finished the first run meanwhile: the page then follows what main says.
      await reloadAppInfo();
      throw err;
    }
    onDone({ mode: input.mode, account: input.name ?? '' });
  });

  const onSubmit = (e: FormEvent) => {
    if (form.pending || (mode === 'demo' && !understood)) {
      e.preventDefault();
      return;
    }
    send(e);
  };

  return (
    <form className="first-run" onSubmit={onSubmit} noValidate data-testid="first-run">
      <p>{t('firstRun.intro')}</p>
      <RadioGroup
        label={t('firstRun.choose')}
        selectedValue={mode}
        onChange={(e) => form.change({ mode: e.currentTarget.value === 'demo' ? 'demo' : 'super' })}
        disabled={form.pending}
      >
        <Radio value="super" label={t('firstRun.super.choice')} data-testid="first-run-super" />
        <Radio value="demo" label={t('firstRun.demo.choice')} data-testid="first-run-demo" />
      </RadioGroup>
      {form.error && sentMode === mode ? (
        <ErrorCallout
          title={t('firstRun.failed')}
          error={asResultError(form.error, Codes.NETWORK)}
          testId="first-run-error"
        />
      ) : null}
      {mode === 'super' ? (
        <>
          <p>{t('firstRun.super.body')}</p>
          {FIRST_RUN_FIELDS.map((field) => (
            <Field
              key={field}
              of={form}
              name={field}
              need={null}
              disabled={form.pending}
              {...INPUTS[field]}
            />
          ))}
          <Button
            type="submit"
            intent={Intent.PRIMARY}
            fill
            loading={form.pending}
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
            disabled={form.pending}
            data-testid="first-run-demo-understood"
          />
          <Button
            type="submit"
            intent={Intent.WARNING}
            fill
            loading={form.pending}
            disabled={!understood}
            text={t('firstRun.demo.submit')}
            data-testid="first-run-submit"
          />
        </>
      )}
    </form>
  );
}
