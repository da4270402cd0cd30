import { Callout, Intent, Spinner } from '@blueprintjs/core';
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
import { checkBound, fieldsOf } from '../kit/form/bound.js';
import { Field, FieldFrame } from '../kit/form/Field.js';
import { useBoundForm } from '../kit/form/useBoundForm.js';
import { useGameName } from '../kit/gameName.js';
import { OptionSelect } from '../kit/OptionSelect.js';
import { useLanguage } from '../i18n/i18n.js';
import { ExpiryField } from './ExpiryField.js';
import { expiryField, localInputToIso, NEVER } from './expiry.js';
import { scopeLabel } from './labels.js';
import { ALSO_CHANGES } from './moderationGames.js';

const TEXTS = 'moderation.bannedHeroes.fields';

/** The form: a hero, whom it applies to ('' = every player), until when. The reason is the dialog's. */
export function banForm(game: GameId, now: () => Date = () => new Date()) {
  const expiry = expiryField(now);
  return {
    endpoint: 'bannedHeroes.ban' as const,
    name: 'ban-hero',
    texts: TEXTS,
    initial: { heroId: '', playerId: '', expiresAt: NEVER },
    fixed: { game },
    parse: {
      heroId: (d: { heroId: string }) => (d.heroId === '' ? 0 : Number(d.heroId)),
      playerId: (d: { playerId: string }) => d.playerId.trim() || undefined,
      expiresAt: expiry.parse,
    },
    refine: expiry.refine,
    invalid: (f: string) => (f === 'expiresAt' ? 'moderation.expiry.invalid' : undefined),
    reasonLater: true,
  };
}

/** What a wrong field is called in the dialog's failure list. */
const labelKey = (f: string) => (f === 'expiresAt' ? 'moderation.expiry.label' : `${TEXTS}.${f}.label`);

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
  const spec = banForm(game);
  const form = useBoundForm(spec);
  const { draft } = form;

  const close = () => {
    form.reset();
    onClose();
  };

  const hero = heroes.data?.heroes.find((h) => String(h.heroId) === draft.heroId);
  const playerId = draft.playerId.trim();
  const untilIso = draft.expiresAt.local ? localInputToIso(draft.expiresAt.local) : null;
  const names = {
    game: gameName,
    hero: hero ? hero.name : t('moderation.bannedHeroes.chosenHero'),
    scope: scopeLabel(t, playerId || null, null),
    until: untilIso
      ? t('moderation.expiry.untilShort', { time: formatDateTime(untilIso, lang) })
      : t('moderation.expiry.untilLifted'),
  };

  const confirm = async (reason: string) => {
    const checked = checkBound(spec, draft);
    if (!checked.ok) {
      form.setErrors(checked.errors);
      // Shown in the dialog like a refused call, but with no "server said": nothing was sent.
      throw new CallError({
        code: Codes.VALIDATION,
        message: '',
        details: fieldsOf(spec).flatMap((f) => {
          const key = checked.errors[f];
          return key ? [{ path: t(labelKey(f)), message: t(key) }] : [];
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
        <FieldFrame of={form} name="heroId" testId="ban-hero-hero">
          {(p) =>
            heroes.isPending ? (
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
                id={p.id}
                ref={focusWhenIdle}
                fill
                value={draft.heroId}
                none={t('moderation.bannedHeroes.chooseHero')}
                options={heroes.data.heroes.map((h) => ({ value: String(h.heroId), label: h.name }))}
                onChange={(heroId) => form.change({ heroId })}
                data-testid={p.testId}
              />
            )
          }
        </FieldFrame>
        <Field
          of={form}
          name="playerId"
          testId="ban-hero-player"
          placeholder={t('moderation.scope.all')}
          inputMode="numeric"
          maxLength={20}
        />
        <ExpiryField
          value={draft.expiresAt}
          onChange={(expiresAt) => form.change({ expiresAt })}
          error={form.errors.expiresAt}
        />
      </div>
    </ReasonConfirmDialog>
  );
}
