import { Callout, InputGroup, Intent, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Codes } from '../../shared/codes.js';
import type { GameId } from '../../shared/games.js';
import type { BannedHero } from '../../shared/api/moderation.js';
import { CallError } from '../bridge/result.js';
import { QueryErrorCallout } from '../components/QueryState.js';
import { ReasonConfirmDialog } from '../components/ReasonConfirmDialog.js';
import { formatDateTime } from '../components/format.js';
import { useEndpointMutation, useEndpointQuery } from '../kit/data.js';
import { focusWhenIdle } from '../kit/focus.js';
import { FormField } from '../kit/FormField.js';
import { useGameName } from '../kit/gameName.js';
import { OptionSelect } from '../kit/OptionSelect.js';
import { useForm } from '../kit/useForm.js';
import { useLanguage } from '../i18n/i18n.js';
import { ExpiryField } from './ExpiryField.js';
import { localInputToIso } from './expiry.js';
import { BAN_FIELDS, EMPTY_BAN, banClears, banInvalidKey, checkBan, type BanField } from './banForm.js';
import { scopeLabel } from './labels.js';
import { ALSO_CHANGES } from './moderationGames.js';

const FIELD_LABELS: Record<BanField, string> = {
  heroId: 'moderation.field.hero',
  playerId: 'moderation.field.player',
  expiresAt: 'moderation.expiry.label',
};

/** The hero catalogue changes with game releases, not while a dialog is open. */
const HEROES_STALE_MS = 10 * 60 * 1000;

/**
 * Ban a hero for every player of the game or for one player, with an optional expiry. The
 * warning restates what was chosen (game, hero, scope, until when) before the reason is taken.
 * The hero, the first field, has the focus when the dialog opens.
 */
export function BanHeroDialog({
  game,
  isOpen,
  onClose,
  onBanned,
}: {
  game: GameId;
  isOpen: boolean;
  onClose: () => void;
  onBanned: (ban: BannedHero) => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const gameName = useGameName(game);
  const heroes = useEndpointQuery('heroes.list', { game }, { enabled: isOpen, staleTime: HEROES_STALE_MS });
  const ban = useEndpointMutation('bannedHeroes.ban', { invalidates: ALSO_CHANGES });
  const form = useForm({
    initial: EMPTY_BAN,
    fields: BAN_FIELDS,
    clears: banClears,
    check: (draft) => checkBan(game, draft, new Date()),
    invalidKey: banInvalidKey,
  });
  const { draft, change, errors, fieldIntent } = form;

  const close = () => {
    form.reset();
    onClose();
  };

  const hero = heroes.data?.heroes.find((h) => String(h.heroId) === draft.heroId);
  const playerId = draft.playerId.trim();
  const untilIso = draft.expiry.local ? localInputToIso(draft.expiry.local) : null;
  const names = {
    game: gameName,
    hero: hero ? hero.name : t('moderation.bannedHeroes.chosenHero'),
    scope: scopeLabel(t, playerId || null, null),
    until: untilIso
      ? t('moderation.expiry.untilShort', { time: formatDateTime(untilIso, lang) })
      : t('moderation.expiry.untilLifted'),
  };

  const confirm = async (reason: string) => {
    const checked = checkBan(game, draft, new Date());
    if (!checked.ok) {
      form.setErrors(checked.errors);
      // Shown in the dialog like a refused call, but with no "server said": nothing was sent.
      throw new CallError({
        code: Codes.VALIDATION,
        message: '',
        details: BAN_FIELDS.flatMap((f) => {
          const key = checked.errors[f];
          return key ? [{ path: t(FIELD_LABELS[f]), message: t(key) }] : [];
        }),
      });
    }
    const input = checked.input;
    onBanned(await form.send(() => ban.mutateAsync({ ...input, reason }), false));
  };

  return (
    <ReasonConfirmDialog
      isOpen={isOpen}
      onClose={close}
      title={t('moderation.bannedHeroes.ban.title', { game: gameName })}
      warning={t('moderation.bannedHeroes.ban.warning', names)}
      confirmText={t('moderation.bannedHeroes.ban.confirm')}
      failedTitle={t('moderation.bannedHeroes.ban.failed')}
      icon="ban-circle"
      intent={Intent.DANGER}
      onConfirm={confirm}
      testId="ban-hero-dialog"
    >
      <div className="moderation-dialog-fields">
        <FormField
          id="ban-hero-hero"
          label={t('moderation.field.hero')}
          need="required"
          error={errors.heroId}
        >
          {heroes.isPending ? (
            <Spinner size={20} />
          ) : heroes.error ? (
            <QueryErrorCallout
              title={t('moderation.bannedHeroes.heroesFailed')}
              query={heroes}
              testId="ban-hero-heroes-error"
            />
          ) : heroes.data.heroes.length === 0 ? (
            <Callout intent={Intent.WARNING} icon="info-sign">
              {t('moderation.bannedHeroes.noHeroes', { game: gameName })}
            </Callout>
          ) : (
            <OptionSelect
              id="ban-hero-hero"
              ref={focusWhenIdle}
              fill
              value={draft.heroId}
              none={t('moderation.bannedHeroes.chooseHero')}
              options={heroes.data.heroes.map((h) => ({ value: String(h.heroId), label: h.name }))}
              onChange={(heroId) => change({ heroId })}
              data-testid="ban-hero-hero"
            />
          )}
        </FormField>
        <FormField
          id="ban-hero-player"
          label={t('moderation.field.player')}
          need="optional"
          error={errors.playerId}
          help={t('moderation.bannedHeroes.playerHelp')}
        >
          <InputGroup
            id="ban-hero-player"
            value={draft.playerId}
            onValueChange={(v) => change({ playerId: v })}
            placeholder={t('moderation.scope.all')}
            inputMode="numeric"
            maxLength={20}
            intent={fieldIntent('playerId')}
            data-testid="ban-hero-player"
          />
        </FormField>
        <ExpiryField
          value={draft.expiry}
          onChange={(expiry) => change({ expiry })}
          error={errors.expiresAt}
        />
      </div>
    </ReasonConfirmDialog>
  );
}
