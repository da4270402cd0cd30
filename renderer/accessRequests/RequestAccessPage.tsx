import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Callout, Checkbox, InputGroup, Intent, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { ACCESS_REQUEST_WHY } from '../../shared/api/accessRequests.js';
import { Codes } from '../../shared/codes.js';
import { GAME_IDS, GAMES, type GameId } from '../../shared/games.js';
import { LOGIN_PATH } from '../../shared/routes.js';
import { CallError } from '../bridge/result.js';
import { useLanguage } from '../i18n/i18n.js';
import { useEndpointMutation } from '../kit/data.js';
import { FormField } from '../kit/FormField.js';
import { FormFrame } from '../kit/FormFrame.js';
import { useForm } from '../kit/useForm.js';
import {
  REQUEST_FIELDS,
  emptyRequestForm,
  invalidKey,
  validateRequest,
  type RequestField,
} from './requestForm.js';
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
  const form = useForm({
    initial: emptyRequestForm(),
    fields: REQUEST_FIELDS,
    check: validateRequest,
    invalidKey,
    // The confirmation is judged against the password: a new password makes its error stale too.
    clears: (k) => (k === 'password' ? ['password', 'confirm'] : [k as RequestField]),
  });

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
            if (err.message.includes(input.phone))
              form.setErrors({ phone: 'accessRequests.invalid.phoneTaken' });
            else if (err.message.includes(input.name))
              form.setErrors({ name: 'accessRequests.invalid.nameTaken' });
          }
        },
      );
  };

  if (sent) {
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

  const field = (f: RequestField, label: string, help: string) => ({
    id: `access-request-${f}`,
    label,
    error: form.errors[f],
    help,
    need: 'required' as const,
  });
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
        <FormField {...field('name', t('accessRequests.field.name'), t('accessRequests.form.nameHelp'))}>
          <InputGroup
            id="access-request-name"
            value={form.draft.name}
            onValueChange={(name) => form.change({ name })}
            intent={form.fieldIntent('name')}
            maxLength={80}
            autoComplete="username"
            data-testid="access-request-name"
          />
        </FormField>
        <FormField {...field('phone', t('accessRequests.field.phone'), t('accessRequests.form.phoneHelp'))}>
          <InputGroup
            id="access-request-phone"
            type="tel"
            value={form.draft.phone}
            onValueChange={(phone) => form.change({ phone })}
            intent={form.fieldIntent('phone')}
            maxLength={24}
            data-testid="access-request-phone"
          />
        </FormField>
        <FormField {...field('games', t('accessRequests.field.games'), t('accessRequests.form.gamesHelp'))}>
          <div id="access-request-games" className="access-request-games" data-testid="access-request-games">
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
        </FormField>
        <FormField
          {...field(
            'why',
            t('accessRequests.field.why'),
            t('accessRequests.form.whyHelp', ACCESS_REQUEST_WHY),
          )}
        >
          <TextArea
            id="access-request-why"
            fill
            value={form.draft.why}
            onChange={(e) => form.change({ why: e.currentTarget.value })}
            intent={form.fieldIntent('why')}
            maxLength={ACCESS_REQUEST_WHY.max + 16}
            data-testid="access-request-why"
          />
        </FormField>
        <FormField
          {...field('password', t('accessRequests.field.password'), t('accessRequests.form.passwordHelp'))}
        >
          <InputGroup
            id="access-request-password"
            type="password"
            value={form.draft.password}
            onValueChange={(password) => form.change({ password })}
            intent={form.fieldIntent('password')}
            autoComplete="new-password"
            data-testid="access-request-password"
          />
        </FormField>
        <FormField
          {...field('confirm', t('accessRequests.field.confirm'), t('accessRequests.form.confirmHelp'))}
        >
          <InputGroup
            id="access-request-confirm"
            type="password"
            value={form.draft.confirm}
            onValueChange={(confirm) => form.change({ confirm })}
            intent={form.fieldIntent('confirm')}
            autoComplete="new-password"
            data-testid="access-request-confirm"
          />
        </FormField>
      </FormFrame>
    </div>
  );
}
