import { InputGroup, Intent, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { SPECIAL_CATEGORIES, type SpecialCategory } from '../../shared/api/moderation.js';
import { gamePagePath, type GameId } from '../../shared/games.js';
import { ConfirmedForm } from '../kit/ConfirmedForm.js';
import { useEndpointMutation } from '../kit/data.js';
import { FormField } from '../kit/FormField.js';
import { useGameName } from '../kit/gameName.js';
import { OptionSelect, optionsOf } from '../kit/OptionSelect.js';
import { useConfirmedForm } from '../kit/useForm.js';
import { NotInGame } from './NotInGame.js';
import { ALSO_CHANGES, asSpecialGame, type SpecialGame } from './moderationGames.js';
import {
  EMPTY_SPECIAL,
  NOTE_MAX,
  SPECIAL_FIELDS,
  checkSpecial,
  specialInvalidKey,
} from './specialUserForm.js';

function SpecialUserForm({ game }: { game: SpecialGame }) {
  const { t } = useTranslation();
  const gameName = useGameName(game);
  const create = useEndpointMutation('specialUsers.create', { invalidates: ALSO_CHANGES });
  const f = useConfirmedForm({
    initial: EMPTY_SPECIAL,
    fields: SPECIAL_FIELDS,
    check: (draft) => checkSpecial(game, draft),
    invalidKey: specialInvalidKey,
    send: (input) => create.mutateAsync(input),
  });
  const { draft, change, errors, fieldIntent, shown } = f;

  const names = {
    game: gameName,
    ...(shown ? { player: shown.playerId, category: t(`moderation.category.${shown.category}`) } : {}),
  };

  return (
    <ConfirmedForm
      name="special"
      texts="moderation.specialUsers.create"
      state={f}
      names={names}
      intent={Intent.PRIMARY}
      icon="star"
      listPath={gamePagePath(game, 'specialUsers')}
      copy={(entry) => String(entry.id)}
    >
      <FormField
        id="special-player"
        label={t('moderation.field.playerId')}
        need="required"
        error={errors.playerId}
        help={t('moderation.specialUsers.create.playerHelp')}
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
          none={t('moderation.specialUsers.create.chooseCategory')}
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
        help={t('kit.form.chars', { count: draft.note.length, max: NOTE_MAX })}
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
    </ConfirmedForm>
  );
}

/** Mark a player of the game as a special user; the reason goes to the audit log. */
export function SpecialUserCreatePage({ game }: { game: GameId }) {
  const special = asSpecialGame(game);
  return special ? <SpecialUserForm game={special} /> : <NotInGame game={game} page="specialUserCreate" />;
}
