import { Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { BLACKLIST_KINDS, type BlacklistKind } from '../../shared/api/moderation.js';
import { type GameId } from '../../shared/games.js';
import { gamePagePath } from '../../shared/game-pages.js';
import { formatDateTime } from '../components/format.js';
import { ConfirmedForm } from '../kit/ConfirmedForm.js';
import { useEndpointMutation } from '../kit/data.js';
import { Field } from '../kit/form/Field.js';
import { useConfirmedBoundForm } from '../kit/form/useBoundForm.js';
import { useGameName } from '../kit/gameName.js';
import { optionsOf } from '../kit/OptionSelect.js';
import { useLanguage } from '../i18n/i18n.js';
import { ExpiryField } from './ExpiryField.js';
import { expiryField, NEVER } from './expiry.js';
import { blacklistTarget } from './labels.js';
import { ALSO_CHANGES } from './moderationGames.js';

const FIELDS = ['kind', 'value', 'expiresAt'] as const;

/** The form: a player id or an IP, until when. The reason is the confirmation's. */
export function blacklistForm(game: GameId, now: () => Date = () => new Date()) {
  const expiry = expiryField(now);
  return {
    endpoint: 'blacklist.create' as const,
    name: 'blacklist',
    texts: 'moderation.blacklist.fields',
    initial: { kind: 'player' as BlacklistKind, value: '', expiresAt: NEVER },
    fixed: { game },
    parse: { expiresAt: expiry.parse },
    refine: expiry.refine,
    invalid: (f: string, d: { kind: BlacklistKind }) =>
      f === 'value'
        ? `moderation.blacklist.fields.value.invalid.${d.kind}`
        : f === 'expiresAt'
          ? 'moderation.expiry.invalid'
          : undefined,
    // Every error is said for the kind chosen (a player id or an IP), so any change clears them all.
    clears: () => FIELDS,
    reasonLater: true,
  };
}

/**
 * Blacklist a player or an IP address. The form is checked by the endpoint's own schema; the
 * reason is taken in the confirmation, which names the game, the target and the expiry.
 */
export function BlacklistCreatePage({ game }: { game: GameId }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const gameName = useGameName(game);
  const create = useEndpointMutation('blacklist.create', { invalidates: ALSO_CHANGES });
  const f = useConfirmedBoundForm({ ...blacklistForm(game), send: (input) => create.mutateAsync(input) });
  const { draft, shown } = f;

  const names = {
    game: gameName,
    ...(shown
      ? {
          target: blacklistTarget(t, { kind: shown.kind, value: shown.value, playerName: null }),
          until: shown.expiresAt
            ? t('moderation.expiry.untilShort', { time: formatDateTime(shown.expiresAt, lang) })
            : t('moderation.expiry.untilRemoved'),
        }
      : {}),
  };

  return (
    <ConfirmedForm
      name="blacklist"
      texts="moderation.blacklist.create"
      state={f}
      names={names}
      intent={Intent.DANGER}
      icon="blocked-person"
      listPath={gamePagePath(game, 'blacklist')}
      copy={(entry) => String(entry.id)}
    >
      <Field
        of={f}
        name="kind"
        as="select"
        options={optionsOf(BLACKLIST_KINDS, (k) => t(`moderation.kind.${k}`))}
      />
      <Field
        of={f}
        name="value"
        label={draft.kind === 'player' ? t('moderation.field.playerId') : t('moderation.field.ip')}
        help={t(`moderation.blacklist.create.valueHelp.${draft.kind}`)}
        maxLength={64}
        inputMode={draft.kind === 'player' ? 'numeric' : 'text'}
      />
      <ExpiryField
        value={draft.expiresAt}
        onChange={(expiresAt) => f.change({ expiresAt })}
        error={f.errors.expiresAt}
      />
    </ConfirmedForm>
  );
}
