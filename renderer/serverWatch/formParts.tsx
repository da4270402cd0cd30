import { Callout, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Codes } from '../../shared/codes.js';
import { GAME_LIST } from '../../shared/games.js';
import { asResultError } from '../bridge/result.js';
import { ErrorCallout } from '../components/ErrorCallout.js';
import { Field, type TextFieldOf } from '../kit/form/Field.js';
import type { BoundState } from '../kit/form/useBoundForm.js';
import { useLanguage } from '../i18n/i18n.js';

/** The parts both server-watch forms (a watched server, a message notice) are made of alike. */

/** The game a watched server or a notice is about: a select of every game, none chosen at first. */
export function GameField<D extends { game: string }, F extends string>({
  form,
}: {
  form: BoundState<D, F>;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <Field
      of={form}
      name={'game' as F & TextFieldOf<D>}
      as="select"
      none={t('serverWatch.form.chooseGame')}
      options={GAME_LIST.map((g) => ({ value: g.id, label: g.names[lang] }))}
    />
  );
}

/**
 * Under a server-watch form: that some fields need fixing,
 * and what failed when the backend refused the save. Test ids `<testId>-invalid` and `-failed`.
 */
export function FormProblems({
  form,
  testId,
  failedTitle,
}: {
  form: { errors: object; error: unknown };
  testId: string;
  failedTitle: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      {Object.keys(form.errors).length > 0 && (
        <Callout intent={Intent.DANGER} icon="error" data-testid={`${testId}-invalid`}>
          {t('serverWatch.form.invalid')}
        </Callout>
      )}
      {form.error !== null && (
        <ErrorCallout
          title={failedTitle}
          error={asResultError(form.error, Codes.NETWORK)}
          testId={`${testId}-failed`}
        />
      )}
    </>
  );
}
