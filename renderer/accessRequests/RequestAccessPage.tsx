import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Callout, Checkbox, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { ACCESS_REQUEST_WHY } from '../../shared/api/accessRequests.js';
import { Codes } from '../../shared/codes.js';
import { GAME_IDS, GAMES, type GameId } from '../../shared/games.js';
import { LOGIN_PATH } from '../../shared/routes.js';
import { CallError } from '../bridge/result.js';
import { useLanguage } from '../i18n/i18n.js';
import { useEndpointMutation } from '../kit/data.js';
import { Field, FieldFrame } from '../kit/form/Field.js';
import { useBoundForm } from '../kit/form/useBoundForm.js';
import { FormFrame } from '../kit/FormFrame.js';
import { requestForm, takenKey } from './requestForm.js';
import './accessRequests.css';

/**
 * /auth/register: a newcomer asks for an operator account. The name and phone are what they will
 * sign in with, the password is the one they choose (the server keeps only its hash), and a
 * super-admin approves the request with roles or declines it with a reason.
 */
export function RequestAccessPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const submit = useEndpointMutation('accessRequests.submit');
  const [sent, setSent] = useState<{ name: string; phone: string } | null>(null);
  const form = useBoundForm(requestForm());

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const input = form.validate();
    if (input === null) return;
    form
      .send(() => submit.mutateAsync(input))
      .then(
        () => setSent({ name: input.name, phone: input.phone }),
        (err: unknown) => {
          // The server's refusals quote the phone or the name they are about: mark that field too.
          if (err instanceof CallError && err.code === Codes.CONFLICT) {
            if (err.message.includes(input.phone)) form.setErrors({ phone: takenKey('phone') });
            else if (err.message.includes(input.name)) form.setErrors({ name: takenKey('name') });
          }
        },
      );
  };

  if (sent) return <RequestSent sent={sent} />;

  // The games in the registry's order, whatever order they were ticked in.
  const toggleGame = (g: GameId, on: boolean) =>
    form.change({ games: GAME_IDS.filter((x) => (x === g ? on : form.draft.games.includes(x))) });

  return (
    <div className="access-request-page" data-testid="register-page">
      <FormFrame
        name="access-request"
        testId="access-request-form"
        intro={t('accessRequests.form.intro')}
        state={form}
        failedTitle={t('accessRequests.form.failed')}
        submit={{ icon: 'send-message', text: t('accessRequests.form.submit') }}
        cancelTo={LOGIN_PATH}
        onSubmit={onSubmit}
      >
        <Field of={form} name="name" maxLength={80} autoComplete="username" />
        <Field of={form} name="phone" type="tel" maxLength={24} />
        <FieldFrame of={form} name="games">
          {(p) => (
            <div id={p.id} className="access-request-games" data-testid={p.testId}>
              {GAME_IDS.map((g) => (
                <Checkbox
                  key={g}
                  inline
                  label={GAMES[g].names[lang]}
                  checked={form.draft.games.includes(g)}
                  onChange={(e) => toggleGame(g, e.currentTarget.checked)}
                  data-testid={`access-request-game-${g}`}
                />
              ))}
            </div>
          )}
        </FieldFrame>
        <Field
          of={form}
          name="why"
          as="textarea"
          help={t('accessRequests.fields.why.help', ACCESS_REQUEST_WHY)}
          maxLength={ACCESS_REQUEST_WHY.max + 16}
        />
        <Field of={form} name="password" type="password" autoComplete="new-password" />
        <Field of={form} name="confirm" type="password" autoComplete="new-password" need="required" />
      </FormFrame>
    </div>
  );
}

/** The request is in: what happens next, and the way back to sign in. */
function RequestSent({ sent }: { sent: { name: string; phone: string } }) {
  const { t } = useTranslation();
  return (
    <div className="access-request-page" data-testid="access-request-sent">
      <Callout intent={Intent.SUCCESS} icon="tick-circle" title={t('accessRequests.sent.title')}>
        <p>{t('accessRequests.sent.body', sent)}</p>
        <p>{t('accessRequests.sent.next')}</p>
      </Callout>
      <p className="auth-footer">
        <Link to={LOGIN_PATH} data-testid="access-request-login-link">
          {t('accessRequests.form.backToLogin')}
        </Link>
      </p>
    </div>
  );
}
