import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button, Callout, Classes, FormGroup, HTMLSelect, InputGroup, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { BLACKLIST_KINDS, type BlacklistKind } from '../../shared/api/moderation.js';
import { gamePagePath, type GameId } from '../../shared/games.js';
import { CallError } from '../bridge/result.js';
import { ReasonConfirmDialog } from '../components/ReasonConfirmDialog.js';
import { useToasts } from '../components/Toaster.js';
import { formatDateTime } from '../components/format.js';
import { useLanguage } from '../i18n/i18n.js';
import { ExpiryField } from './ExpiryField.js';
import { NEVER } from './expiry.js';
import { blacklistTarget, useGameName, useRetained } from './labels.js';
import { useCreateBlacklistEntry } from './moderationApi.js';
import {
  BLACKLIST_FIELDS,
  blacklistInvalidKey,
  checkBlacklist,
  fieldsFromIssues,
  type BlacklistDraft,
  type BlacklistField,
  type BlacklistInput,
  type FieldErrors,
} from './moderationForms.js';

/**
 * Blacklist a player or an IP address. The form is checked by the endpoint's own schema; the
 * reason is taken in the confirmation, which names the game, the target and the expiry.
 */
export function BlacklistCreatePage({ game }: { game: GameId }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const navigate = useNavigate();
  const toasts = useToasts();
  const gameName = useGameName(game);
  const create = useCreateBlacklistEntry(game);
  const [draft, setDraft] = useState<BlacklistDraft>({ kind: 'player', value: '', expiry: NEVER });
  const [errors, setErrors] = useState<FieldErrors<BlacklistField>>({});
  const [confirming, setConfirming] = useState<BlacklistInput | null>(null);
  const shown = useRetained(confirming);
  const listPath = gamePagePath(game, 'blacklist');

  const change = (patch: Partial<BlacklistDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setErrors({});
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const checked = checkBlacklist(game, draft, new Date());
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setConfirming(checked.input);
  };

  const names = shown
    ? {
        game: gameName,
        target: blacklistTarget(t, { kind: shown.kind, value: shown.value, playerName: null }),
        until: shown.expiresAt
          ? t('moderation.expiry.untilShort', { time: formatDateTime(shown.expiresAt, lang) })
          : t('moderation.expiry.untilRemoved'),
      }
    : null;

  const confirm = async (reason: string) => {
    if (!shown) return;
    try {
      await create.mutateAsync({ ...shown, reason });
    } catch (err) {
      if (err instanceof CallError) {
        const bad = fieldsFromIssues(err.details, BLACKLIST_FIELDS);
        setErrors(Object.fromEntries(bad.map((f) => [f, blacklistInvalidKey(f, shown.kind)])));
      }
      throw err;
    }
  };

  const fieldIntent = (f: BlacklistField) => (errors[f] ? Intent.DANGER : Intent.NONE);
  return (
    <>
      <form className="moderation-form" onSubmit={onSubmit} noValidate data-testid="blacklist-create-form">
        <p className={Classes.TEXT_MUTED}>{t('moderation.blacklist.create.intro', { game: gameName })}</p>
        {Object.keys(errors).length > 0 && (
          <Callout intent={Intent.DANGER} icon="error" data-testid="blacklist-form-invalid">
            {t('moderation.form.fixFields')}
          </Callout>
        )}
        <FormGroup label={t('moderation.field.kind')} labelFor="blacklist-kind" intent={fieldIntent('kind')}>
          <HTMLSelect
            id="blacklist-kind"
            value={draft.kind}
            onChange={(e) => change({ kind: e.currentTarget.value as BlacklistKind })}
            data-testid="blacklist-kind"
          >
            {BLACKLIST_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`moderation.kind.${k}`)}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <FormGroup
          label={draft.kind === 'player' ? t('moderation.field.playerId') : t('moderation.field.ip')}
          labelFor="blacklist-value"
          labelInfo={t('common.required')}
          helperText={
            errors.value ? t(errors.value) : t(`moderation.blacklist.create.valueHelp.${draft.kind}`)
          }
          intent={fieldIntent('value')}
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
        </FormGroup>
        <ExpiryField
          value={draft.expiry}
          onChange={(expiry) => change({ expiry })}
          error={errors.expiresAt}
        />
        <div className="actions">
          <Button
            type="submit"
            intent={Intent.DANGER}
            icon="blocked-person"
            text={t('moderation.blacklist.create.submit')}
            data-testid="blacklist-submit"
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
          if (names) toasts.success(t('moderation.blacklist.create.done', names));
          void navigate(listPath);
        }}
        title={names ? t('moderation.blacklist.create.title', names) : ''}
        warning={names ? t('moderation.blacklist.create.warning', names) : ''}
        confirmText={t('moderation.blacklist.create.confirm')}
        failedTitle={t('moderation.blacklist.create.failed')}
        icon="blocked-person"
        intent={Intent.DANGER}
        onConfirm={confirm}
        testId="blacklist-create-dialog"
      />
    </>
  );
}
