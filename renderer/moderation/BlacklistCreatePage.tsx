import { FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { BLACKLIST_KINDS, type BlacklistKind } from '../../shared/api/moderation.js';
import { gamePagePath, type GameId } from '../../shared/games.js';
import { formatDateTime } from '../components/format.js';
import { ConfirmedForm } from '../kit/ConfirmedForm.js';
import { useEndpointMutation } from '../kit/data.js';
import { FormField } from '../kit/FormField.js';
import { useGameName } from '../kit/gameName.js';
import { OptionSelect, optionsOf } from '../kit/OptionSelect.js';
import { useConfirmedForm } from '../kit/useForm.js';
import { useLanguage } from '../i18n/i18n.js';
import { ExpiryField } from './ExpiryField.js';
import {
  BLACKLIST_FIELDS,
  EMPTY_BLACKLIST,
  blacklistClears,
  blacklistInvalidKey,
  checkBlacklist,
} from './blacklistForm.js';
import { blacklistTarget } from './labels.js';
import { ALSO_CHANGES } from './moderationGames.js';

/**
 * Blacklist a player or an IP address. The form is checked by the endpoint's own schema; the
 * reason is taken in the confirmation, which names the game, the target and the expiry.
 */
export function BlacklistCreatePage({ game }: { game: GameId }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const gameName = useGameName(game);
  const create = useEndpointMutation('blacklist.create', { invalidates: ALSO_CHANGES });
  const f = useConfirmedForm({
    initial: EMPTY_BLACKLIST,
    fields: BLACKLIST_FIELDS,
    clears: blacklistClears,
    check: (draft) => checkBlacklist(game, draft, new Date()),
    invalidKey: (field, draft) => blacklistInvalidKey(field, draft.kind),
    send: (input) => create.mutateAsync(input),
  });
  const { draft, change, errors, fieldIntent, shown } = f;

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
      <FormGroup label={t('moderation.field.kind')} labelFor="blacklist-kind" intent={fieldIntent('kind')}>
        <OptionSelect
          id="blacklist-kind"
          value={draft.kind}
          options={optionsOf(BLACKLIST_KINDS, (k) => t(`moderation.kind.${k}`))}
          onChange={(v) => change({ kind: v as BlacklistKind })}
          data-testid="blacklist-kind"
        />
      </FormGroup>
      <FormField
        id="blacklist-value"
        label={draft.kind === 'player' ? t('moderation.field.playerId') : t('moderation.field.ip')}
        need="required"
        error={errors.value}
        help={t(`moderation.blacklist.create.valueHelp.${draft.kind}`)}
      >
        <InputGroup
          id="blacklist-value"
          value={draft.value}
          onValueChange={(value) => change({ value })}
          maxLength={64}
          inputMode={draft.kind === 'player' ? 'numeric' : 'text'}
          intent={fieldIntent('value')}
          data-testid="blacklist-value"
        />
      </FormField>
      <ExpiryField value={draft.expiry} onChange={(expiry) => change({ expiry })} error={errors.expiresAt} />
    </ConfirmedForm>
  );
}
