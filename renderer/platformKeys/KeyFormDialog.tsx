import { useState } from 'react';
import { Callout, Dialog, DialogBody, InputGroup, Intent, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '../kit/DialogActions.js';
import { PLATFORMS, type PlatformKey, type Platform } from '../../shared/api/platformKeys.js';
import { Codes } from '../../shared/codes.js';
import { GAME_LIST, GAMES, type GameId } from '../../shared/games.js';
import { asResultError } from '../bridge/result.js';
import { ErrorCallout } from '../components/ErrorCallout.js';
import { isReasonValid } from '../components/reason.js';
import { useToasts } from '../components/Toaster.js';
import { useEndpointMutation } from '../kit/data.js';
import { FormField } from '../kit/FormField.js';
import { optionsOf, OptionSelect } from '../kit/OptionSelect.js';
import { useForm } from '../kit/useForm.js';
import { useLanguage } from '../i18n/i18n.js';
import {
  KEY_FIELDS,
  checkCreate,
  checkUpdate,
  draftOf,
  emptyKey,
  keyInvalidKey,
  type CreateInput,
  type KeyDraft,
  type KeyField,
  type UpdateInput,
} from './keyForm.js';
import type { Checked } from '../kit/form.js';

const NOTE_MAX = 500;

/**
 * Adding a key (a game page fixes the game; the all-games page asks for it) or changing one: the
 * secret is typed, never shown back; a change sends only what changed and takes a reason. The
 * list reloads once the server has it.
 */
export function KeyFormDialog({
  editing,
  game,
  secretsMissing = false,
  isOpen,
  onClose,
}: {
  /** The server has no key to encrypt secrets with: it would refuse one, so none can be typed. */
  secretsMissing?: boolean;
  /** The key being changed; absent to add one. */
  editing?: PlatformKey | undefined;
  /** The game a new key is for; absent on the all-games page (the form then asks). */
  game?: GameId | undefined;
  isOpen: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const toasts = useToasts();
  const create = useEndpointMutation('platformKeys.create');
  const update = useEndpointMutation('platformKeys.update');
  const initial: KeyDraft = editing ? draftOf(editing) : emptyKey(game ?? '');
  const form = useForm({
    initial,
    fields: KEY_FIELDS,
    check: (d: KeyDraft): Checked<CreateInput | UpdateInput, KeyField> =>
      editing ? checkUpdate(editing, d) : checkCreate(d),
    invalidKey: keyInvalidKey,
  });
  const [reason, setReason] = useState('');
  const [reasonTouched, setReasonTouched] = useState(false);
  const reasonBad = editing !== undefined && !isReasonValid(reason);
  const { draft, change, errors, fieldIntent } = form;
  const gameOfKey = (editing?.game ?? (draft.game || undefined)) as GameId | undefined;
  const gameName = gameOfKey ? GAMES[gameOfKey].names[lang] : '';

  const close = () => {
    if (form.pending) return;
    form.reset();
    setReason('');
    setReasonTouched(false);
    onClose();
  };

  const save = async () => {
    setReasonTouched(true);
    const input = form.validate();
    if (input === null || (editing && reasonBad)) return;
    try {
      if (editing) {
        const saved = await form.send(() =>
          update.mutateAsync({
            ...(input as Parameters<typeof update.mutateAsync>[0]),
            reason: reason.trim(),
          }),
        );
        toasts.success(t('platformKeys.form.updated', { name: saved.name, game: gameName }));
      } else {
        const saved = await form.send(() =>
          create.mutateAsync(input as Parameters<typeof create.mutateAsync>[0]),
        );
        toasts.success(
          t('platformKeys.form.created', { name: saved.name, game: GAMES[saved.game].names[lang] }),
        );
      }
      close();
    } catch {
      // The form shows the failure and the fields the server refused.
    }
  };

  const title = editing
    ? t('platformKeys.form.editTitle', { name: editing.name, game: gameName })
    : gameName
      ? t('platformKeys.form.createTitle', { game: gameName })
      : t('platformKeys.form.createTitleAny');

  return (
    <Dialog isOpen={isOpen} onClose={close} title={title} icon={editing ? 'edit' : 'key'}>
      <DialogBody data-testid="key-form">
        {editing === undefined && game === undefined && (
          <FormField id="key-game" label={t('platformKeys.field.game')} need="required" error={errors.game}>
            <OptionSelect
              id="key-game"
              value={draft.game}
              none={t('platformKeys.form.chooseGame')}
              options={GAME_LIST.map((g) => ({ value: g.id, label: g.names[lang] }))}
              onChange={(v) => change({ game: v as GameId | '' })}
              data-testid="key-game"
            />
          </FormField>
        )}
        <FormField id="key-name" label={t('platformKeys.field.name')} need="required" error={errors.name}>
          <InputGroup
            id="key-name"
            value={draft.name}
            onValueChange={(name) => change({ name })}
            maxLength={64}
            intent={fieldIntent('name')}
            data-testid="key-name"
          />
        </FormField>
        <FormField
          id="key-platform"
          label={t('platformKeys.field.platform')}
          need="required"
          error={errors.platform}
        >
          <OptionSelect
            id="key-platform"
            value={draft.platform}
            none={t('platformKeys.form.choosePlatform')}
            options={optionsOf(PLATFORMS, (p) => t(`platformKeys.platform.${p}`))}
            onChange={(v) => change({ platform: v as Platform | '' })}
            data-testid="key-platform"
          />
        </FormField>
        <FormField
          id="key-secret"
          label={editing ? t('platformKeys.field.newSecret') : t('platformKeys.field.secret')}
          need={editing ? 'optional' : 'required'}
          error={errors.secret}
          help={
            secretsMissing
              ? t('platformKeys.form.secretRefused')
              : editing
                ? t('platformKeys.form.secretKeep')
                : t('platformKeys.form.secretHelp')
          }
        >
          <TextArea
            id="key-secret"
            fill
            className="key-secret-input"
            value={draft.secret}
            onChange={(e) => change({ secret: e.currentTarget.value })}
            autoComplete="off"
            spellCheck={false}
            maxLength={8192}
            intent={fieldIntent('secret')}
            disabled={secretsMissing}
            data-testid="key-secret"
          />
        </FormField>
        <FormField
          id="key-note"
          label={t('platformKeys.field.note')}
          need="optional"
          error={errors.note}
          help={t('kit.form.chars', { count: draft.note.length, max: NOTE_MAX })}
        >
          <TextArea
            id="key-note"
            fill
            value={draft.note}
            onChange={(e) => change({ note: e.currentTarget.value })}
            maxLength={NOTE_MAX}
            intent={fieldIntent('note')}
            data-testid="key-note"
          />
        </FormField>
        {editing && (
          <FormField
            id="key-reason"
            label={t('confirm.reason')}
            need="required"
            error={reasonTouched && reasonBad ? 'confirm.reasonInvalid' : undefined}
            help={t('confirm.reasonHelp')}
          >
            <TextArea
              id="key-reason"
              fill
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              onBlur={() => setReasonTouched(true)}
              maxLength={500}
              intent={reasonTouched && reasonBad ? Intent.DANGER : Intent.NONE}
              data-testid="key-reason"
            />
          </FormField>
        )}
        {form.note && (
          <Callout intent={Intent.PRIMARY} icon="info-sign" data-testid="key-form-note">
            {t(form.note)}
          </Callout>
        )}
        {form.error !== null && (
          <ErrorCallout
            title={editing ? t('platformKeys.form.updateFailed') : t('platformKeys.form.createFailed')}
            error={asResultError(form.error, Codes.NETWORK)}
            testId="key-form-failed"
          />
        )}
      </DialogBody>
      <DialogActions
        onCancel={close}
        pending={form.pending}
        icon={editing ? 'floppy-disk' : 'add'}
        onConfirm={() => void save()}
        confirmText={editing ? t('platformKeys.form.save') : t('platformKeys.form.add')}
        // A new key needs its secret, which this server cannot store.
        disabled={secretsMissing && !editing}
        testId="key-save"
      />
    </Dialog>
  );
}
