import type { FormEvent, ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button, Callout, Classes, Intent, type IconName } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { gamePagePath, type GameId, type GamePageKey } from '../../shared/games.js';
import { ReasonConfirmDialog } from '../components/ReasonConfirmDialog.js';
import { useToasts } from '../components/Toaster.js';
import { useGameName } from './labels.js';

/**
 * The create pages. Each has its texts under `moderation.<form>.create` (intro, submit, title,
 * warning, confirm, failed, done; texts.test.ts checks them) and its test ids start with `<form>-`.
 */
export const CREATE_FORMS = ['blacklist', 'special'] as const;
export type CreateFormName = (typeof CREATE_FORMS)[number];
export const CREATE_FORM_TEXTS = [
  'intro',
  'submit',
  'title',
  'warning',
  'confirm',
  'failed',
  'done',
] as const;

const LIST_PAGE: Record<CreateFormName, GamePageKey> = { blacklist: 'blacklist', special: 'specialUsers' };

/**
 * The frame of a create page: the intro, "fix the fields" while any is wrong, the fields, submit
 * and cancel; then the confirmation, which takes the reason, says what was done and goes back to
 * the list.
 */
export function CreateFormFrame({
  form,
  game,
  state,
  intent,
  icon,
  names,
  children,
}: {
  form: CreateFormName;
  game: GameId;
  /** The page's useCreateForm. */
  state: {
    errors: object;
    onSubmit: (e: FormEvent) => void;
    confirming: unknown;
    cancel: () => void;
    confirm: (reason: string) => Promise<unknown>;
  };
  /** The look of the submit button and of the confirmation. */
  intent: Intent;
  icon: IconName;
  /** What the confirmation names (the game, the target…); null before the first submit. */
  names: Record<string, string> | null;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toasts = useToasts();
  const gameName = useGameName(game);
  const listPath = gamePagePath(game, LIST_PAGE[form]);
  const text = (part: (typeof CREATE_FORM_TEXTS)[number], values: Record<string, string> = {}) =>
    t(`moderation.${form}.create.${part}`, values);
  return (
    <>
      <form
        className="moderation-form"
        onSubmit={state.onSubmit}
        noValidate
        data-testid={`${form}-create-form`}
      >
        <p className={Classes.TEXT_MUTED}>{text('intro', { game: gameName })}</p>
        {Object.keys(state.errors).length > 0 && (
          <Callout intent={Intent.DANGER} icon="error" data-testid={`${form}-form-invalid`}>
            {t('moderation.form.fixFields')}
          </Callout>
        )}
        {children}
        <div className="actions">
          <Button
            type="submit"
            intent={intent}
            icon={icon}
            text={text('submit')}
            data-testid={`${form}-submit`}
          />
          <Link to={listPath} className={Classes.BUTTON}>
            {t('common.cancel')}
          </Link>
        </div>
      </form>
      <ReasonConfirmDialog
        isOpen={state.confirming !== null}
        onClose={state.cancel}
        onDone={() => {
          if (names) toasts.success(text('done', names));
          void navigate(listPath);
        }}
        title={names ? text('title', names) : ''}
        warning={names ? text('warning', names) : ''}
        confirmText={text('confirm')}
        failedTitle={text('failed')}
        icon={icon}
        intent={intent}
        onConfirm={state.confirm}
        testId={`${form}-create-dialog`}
      />
    </>
  );
}
