import { useRef, useState } from 'react';
import { Button, Callout, Classes, Intent, TextArea } from '@blueprintjs/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PlatformKey } from '../../shared/api/platformKeys.js';
import { GAMES } from '../../shared/games.js';
import { ReasonConfirmDialog } from '../components/ReasonConfirmDialog.js';
import { callEndpoint } from '../kit/data.js';
import { useCopy } from '../kit/useCopy.js';
import { ViewDialog } from '../kit/ViewDialog.js';
import { useLanguage } from '../i18n/i18n.js';

/**
 * Showing a secret, for a SUPER: first a reason (the audit log records who saw which key and why,
 * never the secret), then the secret itself with a copy button. It is kept in this dialog only:
 * not in the query cache, and gone when the dialog closes.
 */
export function RevealDialog({ target, onClose }: { target: PlatformKey | null; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  // A mutation, not a cached read: the answer must not outlive this dialog.
  const reveal = useMutation({
    mutationFn: (v: { key: PlatformKey; reason: string }) =>
      callEndpoint('platformKeys.reveal', { game: v.key.game, keyId: v.key.id, reason: v.reason }),
  });
  const [shown, setShown] = useState<{ key: PlatformKey; secret: string } | null>(null);
  const { state: copied, copy, reset: resetCopy } = useCopy();
  // Set when the secret arrived: the confirmation then closes without ending the whole dialog.
  const revealed = useRef(false);
  const names = target ? { name: target.name, game: GAMES[target.game].names[lang] } : { name: '', game: '' };

  const done = () => {
    revealed.current = false;
    setShown(null);
    resetCopy();
    reveal.reset();
    onClose();
  };

  return (
    <>
      <ReasonConfirmDialog
        isOpen={target !== null && shown === null}
        onClose={() => {
          if (!revealed.current) done();
        }}
        title={t('platformKeys.reveal.title', names)}
        warning={t('platformKeys.reveal.warning')}
        confirmText={t('platformKeys.reveal.confirm')}
        failedTitle={t('platformKeys.reveal.failed')}
        icon="eye-open"
        intent={Intent.WARNING}
        onConfirm={async (reason) => {
          if (!target) return;
          const out = await reveal.mutateAsync({ key: target, reason });
          revealed.current = true;
          setShown({ key: target, secret: out.secret });
        }}
        testId="key-reveal-dialog"
      />
      <ViewDialog
        isOpen={shown !== null}
        onClose={done}
        title={t(
          'platformKeys.reveal.shownTitle',
          shown ? { name: shown.key.name, game: GAMES[shown.key.game].names[lang] } : names,
        )}
        icon="key"
        testId="key-revealed"
        actions={
          <>
            <Button
              icon={copied === 'copied' ? 'tick' : 'duplicate'}
              text={copied === 'copied' ? t('kit.toast.copied') : t('kit.toast.copy')}
              onClick={() => copy(shown?.secret ?? '')}
              data-testid="key-revealed-copy"
            />
            <Button
              intent={Intent.PRIMARY}
              text={t('platformKeys.reveal.hide')}
              onClick={done}
              data-testid="key-revealed-close"
            />
          </>
        }
      >
        <Callout intent={Intent.WARNING} icon="eye-open">
          {t('platformKeys.reveal.careful')}
        </Callout>
        <TextArea
          className="key-secret-shown"
          fill
          readOnly
          value={shown?.secret ?? ''}
          onFocus={(e) => e.currentTarget.select()}
          data-testid="key-revealed-secret"
        />
        {copied === 'failed' && <p className={Classes.TEXT_MUTED}>{t('kit.toast.copyFailed')}</p>}
      </ViewDialog>
    </>
  );
}
