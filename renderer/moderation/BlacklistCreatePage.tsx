import { FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { BLACKLIST_KINDS, type BlacklistKind } from '../../shared/api/moderation.js';
import type { GameId } from '../../shared/games.js';
import { formatDateTime } from '../components/format.js';
import { useLanguage } from '../i18n/i18n.js';
import { CreateFormFrame } from './CreateFormFrame.js';
import { ExpiryField } from './ExpiryField.js';
import { FormField } from './FormField.js';
import { OptionSelect, optionsOf } from './OptionSelect.js';
import { NEVER } from './expiry.js';
import { blacklistTarget, useGameName } from './labels.js';
import { useCreateBlacklistEntry } from './moderationApi.js';
import {
  BLACKLIST_FIELDS,
  blacklistInvalidKey,
  checkBlacklist,
  type BlacklistDraft,
} from './moderationForms.js';
import { useCreateForm } from './useDraftForm.js';

const EMPTY: BlacklistDraft = { kind: 'player', value: '', expiry: NEVER };

/**
 * Blacklist a player or an IP address. The form is checked by the endpoint's own schema; the
 * reason is taken in the confirmation, which names the game, the target and the expiry.
 */
export function BlacklistCreatePage({ game }: { game: GameId }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const gameName = useGameName(game);
  const create = useCreateBlacklistEntry(game);
  const f = useCreateForm({
    initial: EMPTY,
    fields: BLACKLIST_FIELDS,
    // Every error is said for the kind chosen (a player id or an IP), so any change clears them all.
    clears: () => BLACKLIST_FIELDS,
    check: (draft) => checkBlacklist(game, draft, new Date()),
    invalidKey: (field, input) => blacklistInvalidKey(field, input.kind),
    create: (input) => create.mutateAsync(input),
  });
  const { draft, change, errors, fieldIntent, shown } = f;

  const names = shown
    ? {
        game: gameName,
        target: blacklistTarget(t, { kind: shown.kind, value: shown.value, playerName: null }),
        until: shown.expiresAt
          ? t('moderation.expiry.untilShort', { time: formatDateTime(shown.expiresAt, lang) })
          : t('moderation.expiry.untilRemoved'),
      }
    : null;

  return (
    <CreateFormFrame
      form="blacklist"
      game={game}
      state={f}
      intent={Intent.DANGER}
      icon="blocked-person"
      names={names}
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
    </CreateFormFrame>
  );
}
