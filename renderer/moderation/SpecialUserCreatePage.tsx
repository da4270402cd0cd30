import { Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { SPECIAL_CATEGORIES, type SpecialCategory } from '../../shared/api/moderation.js';
import { type GameId } from '../../shared/games.js';
import { gamePagePath } from '../../shared/game-pages.js';
import { ConfirmedForm } from '../kit/ConfirmedForm.js';
import { useEndpointMutation } from '../kit/data.js';
import { Field } from '../kit/form/Field.js';
import { useConfirmedBoundForm } from '../kit/form/useBoundForm.js';
import { useGameName } from '../kit/gameName.js';
import { optionsOf } from '../kit/OptionSelect.js';
import { NotInGame } from './NotInGame.js';
import { ALSO_CHANGES, asSpecialGame, type SpecialGame } from './moderationGames.js';

const NOTE_MAX = 200;

/** The form: a player, a category, a note. The reason is the confirmation's. */
export const specialUserForm = (game: SpecialGame) => ({
  endpoint: 'specialUsers.create' as const,
  name: 'special',
  texts: 'moderation.specialUsers.fields',
  initial: { playerId: '', category: '' as SpecialCategory | '', note: '' },
  fixed: { game },
  reasonLater: true,
});

function SpecialUserForm({ game }: { game: SpecialGame }) {
  const { t } = useTranslation();
  const gameName = useGameName(game);
  const create = useEndpointMutation('specialUsers.create', { invalidates: ALSO_CHANGES });
  const f = useConfirmedBoundForm({
    ...specialUserForm(game),
    send: (input) => create.mutateAsync(input),
  });
  const { shown } = f;

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
      <Field of={f} name="playerId" testId="special-player" inputMode="numeric" maxLength={20} />
      <Field
        of={f}
        name="category"
        as="select"
        none={t('moderation.specialUsers.create.chooseCategory')}
        options={optionsOf(SPECIAL_CATEGORIES, (c) => t(`moderation.category.${c}`))}
      />
      <Field
        of={f}
        name="note"
        as="textarea"
        maxLength={NOTE_MAX}
        help={t('kit.form.chars', { count: f.draft.note.length, max: NOTE_MAX })}
      />
    </ConfirmedForm>
  );
}

/** Mark a player of the game as a special user; the reason goes to the audit log. */
export function SpecialUserCreatePage({ game }: { game: GameId }) {
  const special = asSpecialGame(game);
  return special ? <SpecialUserForm game={special} /> : <NotInGame game={game} page="specialUserCreate" />;
}
