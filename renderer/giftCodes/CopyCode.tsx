import { useState } from 'react';
import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { groupCode } from './codes.js';

/** A code grouped by dashes, with a button that copies it (as grouped; the server takes either). */
export function CopyCode({ code }: { code: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const shown = groupCode(code);
  const copy = () => {
    navigator.clipboard.writeText(shown).then(
      () => setState('copied'),
      () => setState('failed'),
    );
  };
  return (
    <span className="gift-code">
      <code data-testid="gift-code">{shown}</code>
      <Button
        size="small"
        variant="minimal"
        icon={state === 'copied' ? 'tick' : state === 'failed' ? 'error' : 'duplicate'}
        aria-label={t('giftCodes.code.copy')}
        title={state === 'failed' ? t('kit.toast.copyFailed') : t('giftCodes.code.copy')}
        onClick={copy}
        data-testid="gift-code-copy"
      />
    </span>
  );
}
