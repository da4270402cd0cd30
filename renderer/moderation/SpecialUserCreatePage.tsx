import { InputGroup, Intent, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { SPECIAL_CATEGORIES, type SpecialCategory } from '../../shared/api/moderation.js';
import type { GameId } from '../../shared/games.js';
import { CreateFormFrame } from './CreateFormFrame.js';
import { FormField } from './FormField.js';
import { NotInGame } from './NotInGame.js';
import { OptionSelect, optionsOf } from './OptionSelect.js';
import { useGameName } from './labels.js';
import { asSpecialGame, useCreateSpecialUser, type SpecialGame } from './moderationApi.js';
import { SPECIAL_FIELDS, checkSpecial, specialInvalidKey, type SpecialDraft } from './moderationForms.js';
import { useCreateForm } from './useDraftForm.js';

const NOTE_MAX = 200;
const EMPTY: SpecialDraft = { playerId: '', category: '', note: '' };

function SpecialUserForm({ game }: { game: SpecialGame }) {
  const { t } = useTranslation();
  const gameName = useGameName(game);
  const create = useCreateSpecialUser(game);
  const f = useCreateForm({
    initial: EMPTY,
    fields: SPECIAL_FIELDS,
    // The draft's keys are the fields: a change clears its own field's error only.
    clears: (changed) => [changed],
    check: (draft) => checkSpecial(game, draft),
    invalidKey: (field) => specialInvalidKey(field),
    create: (input) => create.mutateAsync(input),
  });
  const { draft, change, errors, fieldIntent, shown } = f;

  const names = shown
    ? { game: gameName, player: shown.playerId, category: t(`moderation.category.${shown.category}`) }
    : null;

  return (
    <CreateFormFrame form="special" game={game} state={f} intent={Intent.PRIMARY} icon="star" names={names}>
      <FormField
        id="special-player"
        label={t('moderation.field.playerId')}
        need="required"
        error={errors.playerId}
        help={t('moderation.special.create.playerHelp')}
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
      </FormField>
      <FormField
        id="special-category"
        label={t('moderation.field.category')}
        need="required"
        error={errors.category}
      >
        <OptionSelect
          id="special-category"
          value={draft.category}
          none={t('moderation.special.create.chooseCategory')}
          options={optionsOf(SPECIAL_CATEGORIES, (c) => t(`moderation.category.${c}`))}
          onChange={(v) => change({ category: v as SpecialCategory | '' })}
          data-testid="special-category"
        />
      </FormField>
      <FormField
        id="special-note"
        label={t('moderation.field.note')}
        need="optional"
        error={errors.note}
        help={t('moderation.form.chars', { count: draft.note.length, max: NOTE_MAX })}
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
      </FormField>
    </CreateFormFrame>
  );
}

/** Mark a player of the game as a special user; the reason goes to the audit log. */
export function SpecialUserCreatePage({ game }: { game: GameId }) {
  const special = asSpecialGame(game);
  return special ? <SpecialUserForm game={special} /> : <NotInGame game={game} page="specialUserCreate" />;
}
