import { Callout, Dialog, DialogBody, Intent, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '../kit/DialogActions.js';
import { PLATFORMS, type PlatformKey } from '../../shared/api/platformKeys.js';
import { Codes } from '../../shared/codes.js';
import { GAME_LIST, GAMES, type GameId } from '../../shared/games.js';
import { asResultError } from '../bridge/result.js';
import { ErrorCallout } from '../components/ErrorCallout.js';
import { isReasonValid } from '../components/reason.js';
import { useEndpointMutation } from '../kit/data.js';
import { Field, FieldFrame } from '../kit/form/Field.js';
import { useBoundForm, type BoundState } from '../kit/form/useBoundForm.js';
import { useSaving } from '../kit/form/useSaving.js';
import { optionsOf } from '../kit/OptionSelect.js';
import { useLanguage } from '../i18n/i18n.js';
import { keyChangeForm, newKeyForm, type KeyDraft } from './keyForm.js';

const NOTE_MAX = 500;

interface DialogProps {
  /** The server has no key to encrypt secrets with: it would refuse one, so none can be typed. */
  secretsMissing?: boolean;
  isOpen: boolean;
  onClose: () => void;
}

/**
 * Adding a key (a game page fixes the game; the all-games page asks for it) or changing one: the
 * secret is typed, never shown back; a change sends only what changed and takes a reason. The
 * list reloads once the server has it.
 */
export function KeyFormDialog({
  editing,
  game,
  ...props
}: DialogProps & {
  /** The key being changed; absent to add one. */
  editing?: PlatformKey | undefined;
  /** The game a new key is for; absent on the all-games page (the form then asks). */
  game?: GameId | undefined;
}) {
  return editing ? (
    <KeyChangeDialog key={editing.id} editing={editing} {...props} />
  ) : (
    <NewKeyDialog game={game} {...props} />
  );
}

function NewKeyDialog({
  game,
  secretsMissing = false,
  isOpen,
  onClose,
}: DialogProps & { game: GameId | undefined }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const create = useEndpointMutation('platformKeys.create');
  const form = useBoundForm(newKeyForm(game ?? ''));
  const gameName = form.draft.game ? GAMES[form.draft.game].names[lang] : '';

  const { close, save } = useSaving(form, onClose, create.mutateAsync, (saved) =>
    t('platformKeys.form.created', { name: saved.name, game: GAMES[saved.game].names[lang] }),
  );

  return (
    <Dialog
      isOpen={isOpen}
      onClose={close}
      title={
        gameName
          ? t('platformKeys.form.createTitle', { game: gameName })
          : t('platformKeys.form.createTitleAny')
      }
      icon="key"
    >
      <DialogBody data-testid="key-form">
        {game === undefined && (
          <Field
            of={form}
            name="game"
            as="select"
            none={t('platformKeys.form.chooseGame')}
            options={GAME_LIST.map((g) => ({ value: g.id, label: g.names[lang] }))}
          />
        )}
        <KeyFields
          of={form}
          secretsMissing={secretsMissing}
          secretHelp={
            secretsMissing ? t('platformKeys.form.secretRefused') : t('platformKeys.form.secretHelp')
          }
        />
        <KeyFormOutcome form={form} failedTitle={t('platformKeys.form.createFailed')} />
      </DialogBody>
      <DialogActions
        onCancel={close}
        pending={form.pending}
        icon="add"
        onConfirm={() => void save()}
        confirmText={t('platformKeys.form.add')}
        // A new key needs its secret, which this server cannot store.
        disabled={secretsMissing}
        testId="key-save"
      />
    </Dialog>
  );
}

function KeyChangeDialog({
  editing,
  secretsMissing = false,
  isOpen,
  onClose,
}: DialogProps & { editing: PlatformKey }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const update = useEndpointMutation('platformKeys.update');
  const form = useBoundForm(keyChangeForm(editing));
  const gameName = GAMES[editing.game].names[lang];

  const { close, save } = useSaving(form, onClose, update.mutateAsync, (saved) =>
    t('platformKeys.form.updated', { name: saved.name, game: gameName }),
  );

  return (
    <Dialog
      isOpen={isOpen}
      onClose={close}
      title={t('platformKeys.form.editTitle', { name: editing.name, game: gameName })}
      icon="edit"
    >
      <DialogBody data-testid="key-form">
        <KeyFields
          of={form}
          secretsMissing={secretsMissing}
          secretLabel={t('platformKeys.field.newSecret')}
          secretHelp={
            secretsMissing ? t('platformKeys.form.secretRefused') : t('platformKeys.form.secretKeep')
          }
        />
        <FieldFrame of={form} name="reason" label={t('confirm.reason')} help={t('confirm.reasonHelp')}>
          {(p) => (
            <TextArea
              id={p.id}
              fill
              value={form.draft.reason}
              onChange={(e) => form.change({ reason: e.currentTarget.value })}
              // Said as soon as the operator leaves it, not only when saving.
              onBlur={() => {
                if (!isReasonValid(form.draft.reason))
                  form.setErrors({ ...form.errors, reason: 'confirm.reasonInvalid' });
              }}
              maxLength={500}
              intent={p.intent}
              data-testid={p.testId}
            />
          )}
        </FieldFrame>
        <KeyFormOutcome form={form} failedTitle={t('platformKeys.form.updateFailed')} />
      </DialogBody>
      <DialogActions
        onCancel={close}
        pending={form.pending}
        icon="floppy-disk"
        onConfirm={() => void save()}
        confirmText={t('platformKeys.form.save')}
        testId="key-save"
      />
    </Dialog>
  );
}

/** The fields both forms have. */
type KeyParts = Omit<KeyDraft, 'game'>;

/** Name, platform, secret and note, in either form. */
function KeyFields({
  of,
  secretsMissing,
  secretLabel,
  secretHelp,
}: {
  of: BoundState<KeyParts, keyof KeyParts>;
  secretsMissing: boolean;
  secretLabel?: string;
  secretHelp: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      {/* A key always has a name and a platform, even where a change may leave them as they are. */}
      <Field of={of} name="name" need="required" maxLength={64} />
      <Field
        of={of}
        name="platform"
        need="required"
        as="select"
        none={t('platformKeys.form.choosePlatform')}
        options={optionsOf(PLATFORMS, (p) => t(`platformKeys.platform.${p}`))}
      />
      <FieldFrame of={of} name="secret" {...(secretLabel ? { label: secretLabel } : {})} help={secretHelp}>
        {(p) => (
          <TextArea
            id={p.id}
            fill
            className="key-secret-input"
            value={of.draft.secret}
            onChange={(e) => of.change({ secret: e.currentTarget.value })}
            autoComplete="off"
            spellCheck={false}
            maxLength={8192}
            intent={p.intent}
            disabled={secretsMissing}
            data-testid={p.testId}
          />
        )}
      </FieldFrame>
      <Field
        of={of}
        name="note"
        as="textarea"
        need="optional"
        maxLength={NOTE_MAX}
        help={t('kit.form.chars', { count: of.draft.note.length, max: NOTE_MAX })}
      />
    </>
  );
}

/** Why nothing was sent (nothing changed), or the call's failure. */
function KeyFormOutcome({
  form,
  failedTitle,
}: {
  form: { note: string | null; error: unknown };
  failedTitle: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      {form.note && (
        <Callout intent={Intent.PRIMARY} icon="info-sign" data-testid="key-form-note">
          {t(form.note)}
        </Callout>
      )}
      {form.error !== null && (
        <ErrorCallout
          title={failedTitle}
          error={asResultError(form.error, Codes.NETWORK)}
          testId="key-form-failed"
        />
      )}
    </>
  );
}
