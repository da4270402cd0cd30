import { useState } from 'react';
import { Callout, FormGroup, HTMLSelect, InputGroup, Intent, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Codes } from '../../shared/codes.js';
import type { GameId } from '../../shared/games.js';
import type { BannedHero } from '../../shared/api/moderation.js';
import { asResultError, CallError } from '../bridge/result.js';
import { ErrorCallout } from '../components/ErrorCallout.js';
import { ReasonConfirmDialog } from '../components/ReasonConfirmDialog.js';
import { formatDateTime } from '../components/format.js';
import { useLanguage } from '../i18n/i18n.js';
import { ExpiryField } from './ExpiryField.js';
import { localInputToIso, NEVER } from './expiry.js';
import { scopeLabel, useGameName } from './labels.js';
import { useBanHero, useHeroes } from './moderationApi.js';
import {
  BAN_FIELDS,
  banInvalidKey,
  checkBan,
  fieldsFromIssues,
  type BanDraft,
  type FieldErrors,
  type BanField,
} from './moderationForms.js';

const EMPTY: BanDraft = { heroId: '', playerId: '', expiry: NEVER };

const FIELD_LABELS: Record<BanField, string> = {
  heroId: 'moderation.field.hero',
  playerId: 'moderation.field.player',
  expiresAt: 'moderation.expiry.label',
};

/**
 * Ban a hero for every player of the game or for one player, with an optional expiry. The
 * warning restates what was chosen (game, hero, scope, until when) before the reason is taken.
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
  const heroes = useHeroes(game, isOpen);
  const ban = useBanHero(game);
  const [draft, setDraft] = useState<BanDraft>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<BanField>>({});

  const change = (patch: Partial<BanDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(patch)) delete next[(k === 'expiry' ? 'expiresAt' : k) as BanField];
      return next;
    });
  };

  const close = () => {
    setDraft(EMPTY);
    setErrors({});
    onClose();
  };

  const hero = heroes.data?.heroes.find((h) => String(h.heroId) === draft.heroId);
  const playerId = draft.playerId.trim();
  const untilIso = draft.expiry.local ? localInputToIso(draft.expiry.local) : null;
  const names = {
    game: gameName,
    hero: hero ? hero.name : t('moderation.bans.chosenHero'),
    scope: scopeLabel(t, playerId || null, null),
    until: untilIso
      ? t('moderation.expiry.untilShort', { time: formatDateTime(untilIso, lang) })
      : t('moderation.expiry.untilLifted'),
  };

  const confirm = async (reason: string) => {
    const checked = checkBan(game, draft, new Date());
    if (!checked.ok) {
      setErrors(checked.errors);
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
    try {
      const created = await ban.mutateAsync({ ...checked.input, reason });
      onBanned(created);
    } catch (err) {
      if (err instanceof CallError) {
        const bad = fieldsFromIssues(err.details, BAN_FIELDS);
        setErrors(Object.fromEntries(bad.map((f) => [f, banInvalidKey(f)])));
      }
      throw err;
    }
  };

  return (
    <ReasonConfirmDialog
      isOpen={isOpen}
      onClose={close}
      title={t('moderation.bans.create.title', { game: gameName })}
      warning={t('moderation.bans.create.warning', names)}
      confirmText={t('moderation.bans.create.confirm')}
      failedTitle={t('moderation.bans.create.failed')}
      icon="ban-circle"
      intent={Intent.DANGER}
      onConfirm={confirm}
      testId="ban-hero-dialog"
    >
      <div className="moderation-dialog-fields">
        <FormGroup
          label={t('moderation.field.hero')}
          labelFor="ban-hero-hero"
          labelInfo={t('common.required')}
          helperText={errors.heroId ? t(errors.heroId) : undefined}
          intent={errors.heroId ? Intent.DANGER : Intent.NONE}
        >
          {heroes.isPending ? (
            <Spinner size={20} />
          ) : heroes.error ? (
            <ErrorCallout
              title={t('moderation.bans.heroesFailed')}
              error={asResultError(heroes.error, Codes.NETWORK)}
              onRetry={() => void heroes.refetch()}
              testId="ban-hero-heroes-error"
            />
          ) : heroes.data.heroes.length === 0 ? (
            <Callout intent={Intent.WARNING} icon="info-sign">
              {t('moderation.bans.noHeroes', { game: gameName })}
            </Callout>
          ) : (
            <HTMLSelect
              id="ban-hero-hero"
              fill
              value={draft.heroId}
              onChange={(e) => change({ heroId: e.currentTarget.value })}
              data-testid="ban-hero-hero"
            >
              <option value="">{t('moderation.bans.chooseHero')}</option>
              {heroes.data.heroes.map((h) => (
                <option key={h.heroId} value={String(h.heroId)}>
                  {h.name}
                </option>
              ))}
            </HTMLSelect>
          )}
        </FormGroup>
        <FormGroup
          label={t('moderation.field.player')}
          labelFor="ban-hero-player"
          labelInfo={t('moderation.form.optional')}
          helperText={errors.playerId ? t(errors.playerId) : t('moderation.bans.playerHelp')}
          intent={errors.playerId ? Intent.DANGER : Intent.NONE}
        >
          <InputGroup
            id="ban-hero-player"
            value={draft.playerId}
            onValueChange={(v) => change({ playerId: v })}
            placeholder={t('moderation.scope.all')}
            inputMode="numeric"
            maxLength={20}
            intent={errors.playerId ? Intent.DANGER : Intent.NONE}
            data-testid="ban-hero-player"
          />
        </FormGroup>
        <ExpiryField
          value={draft.expiry}
          onChange={(expiry) => change({ expiry })}
          error={errors.expiresAt}
        />
      </div>
    </ReasonConfirmDialog>
  );
}
