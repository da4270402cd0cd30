import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import {
  Button,
  Callout,
  Classes,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
  TextArea,
} from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { SPECIAL_CATEGORIES, type SpecialCategory } from '../../shared/api/moderation.js';
import { gamePagePath, type GameId } from '../../shared/games.js';
import { CallError } from '../bridge/result.js';
import { ReasonConfirmDialog } from '../components/ReasonConfirmDialog.js';
import { useToasts } from '../components/Toaster.js';
import { NotInGame } from './NotInGame.js';
import { useGameName, useRetained } from './labels.js';
import { asSpecialGame, useCreateSpecialUser, type SpecialGame } from './moderationApi.js';
import {
  SPECIAL_FIELDS,
  checkSpecial,
  fieldsFromIssues,
  specialInvalidKey,
  type FieldErrors,
  type SpecialDraft,
  type SpecialField,
  type SpecialInput,
} from './moderationForms.js';

const NOTE_MAX = 200;

function SpecialUserForm({ game }: { game: SpecialGame }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toasts = useToasts();
  const gameName = useGameName(game);
  const create = useCreateSpecialUser(game);
  const [draft, setDraft] = useState<SpecialDraft>({ playerId: '', category: '', note: '' });
  const [errors, setErrors] = useState<FieldErrors<SpecialField>>({});
  const [confirming, setConfirming] = useState<SpecialInput | null>(null);
  const shown = useRetained(confirming);
  const listPath = gamePagePath(game, 'specialUsers');

  const change = (patch: Partial<SpecialDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(patch)) delete next[k as SpecialField];
      return next;
    });
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const checked = checkSpecial(game, draft);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setConfirming(checked.input);
  };

  const names = shown
    ? { game: gameName, player: shown.playerId, category: t(`moderation.category.${shown.category}`) }
    : null;

  const confirm = async (reason: string) => {
    if (!shown) return;
    try {
      await create.mutateAsync({ ...shown, reason });
    } catch (err) {
      if (err instanceof CallError) {
        const bad = fieldsFromIssues(err.details, SPECIAL_FIELDS);
        setErrors(Object.fromEntries(bad.map((f) => [f, specialInvalidKey(f)])));
      }
      throw err;
    }
  };

  const fieldIntent = (f: SpecialField) => (errors[f] ? Intent.DANGER : Intent.NONE);
  return (
    <>
      <form className="moderation-form" onSubmit={onSubmit} noValidate data-testid="special-create-form">
        <p className={Classes.TEXT_MUTED}>{t('moderation.special.create.intro', { game: gameName })}</p>
        {Object.keys(errors).length > 0 && (
          <Callout intent={Intent.DANGER} icon="error" data-testid="special-form-invalid">
            {t('moderation.form.fixFields')}
          </Callout>
        )}
        <FormGroup
          label={t('moderation.field.playerId')}
          labelFor="special-player"
          labelInfo={t('common.required')}
          helperText={errors.playerId ? t(errors.playerId) : t('moderation.special.create.playerHelp')}
          intent={fieldIntent('playerId')}
        >
          <InputGroup
            id="special-player"
            value={draft.playerId}
            onValueChange={(playerId) => change({ playerId })}
            inputMode="numeric"
            maxLength={20}
            intent={fieldIntent('playerId')}
            data-testid="special-player"
          />
        </FormGroup>
        <FormGroup
          label={t('moderation.field.category')}
          labelFor="special-category"
          labelInfo={t('common.required')}
          helperText={errors.category ? t(errors.category) : undefined}
          intent={fieldIntent('category')}
        >
          <HTMLSelect
            id="special-category"
            value={draft.category}
            onChange={(e) => change({ category: e.currentTarget.value as SpecialCategory | '' })}
            data-testid="special-category"
          >
            <option value="">{t('moderation.special.create.chooseCategory')}</option>
            {SPECIAL_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t(`moderation.category.${c}`)}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <FormGroup
          label={t('moderation.field.note')}
          labelFor="special-note"
          labelInfo={t('moderation.form.optional')}
          helperText={
            errors.note
              ? t(errors.note)
              : t('moderation.form.chars', { count: draft.note.length, max: NOTE_MAX })
          }
          intent={fieldIntent('note')}
        >
          <TextArea
            id="special-note"
            fill
            value={draft.note}
            onChange={(e) => change({ note: e.currentTarget.value })}
            maxLength={NOTE_MAX}
            intent={fieldIntent('note')}
            data-testid="special-note"
          />
        </FormGroup>
        <div className="actions">
          <Button
            type="submit"
            intent={Intent.PRIMARY}
            icon="star"
            text={t('moderation.special.create.submit')}
            data-testid="special-submit"
          />
          <Link to={listPath} className={Classes.BUTTON}>
            {t('common.cancel')}
          </Link>
        </div>
      </form>
      <ReasonConfirmDialog
        isOpen={confirming !== null}
        onClose={() => setConfirming(null)}
        onDone={() => {
          if (names) toasts.success(t('moderation.special.create.done', names));
          void navigate(listPath);
        }}
        title={names ? t('moderation.special.create.title', names) : ''}
        warning={names ? t('moderation.special.create.warning', names) : ''}
        confirmText={t('moderation.special.create.confirm')}
        failedTitle={t('moderation.special.create.failed')}
        icon="star"
        intent={Intent.PRIMARY}
        onConfirm={confirm}
        testId="special-create-dialog"
      />
    </>
  );
}

/** Mark a player of the game as a special user; the reason goes to the audit log. */
export function SpecialUserCreatePage({ game }: { game: GameId }) {
  const special = asSpecialGame(game);
  return special ? <SpecialUserForm game={special} /> : <NotInGame game={game} page="specialUserCreate" />;
}
