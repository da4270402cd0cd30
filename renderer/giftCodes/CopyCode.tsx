import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useCopy } from '../kit/useCopy.js';
import { groupCode } from './codes.js';

/** A code grouped by dashes, with a button that copies it (as grouped; the server takes either). */
export function CopyCode({ code }: { code: string }) {
  const { t } = useTranslation();
  const { state, copy } = useCopy();
  const shown = groupCode(code);
  return (
    <span className="gift-code">
      <code data-testid="gift-code">{shown}</code>
      <Button
        size="small"
        variant="minimal"
        icon={state === 'copied' ? 'tick' : state === 'failed' ? 'error' : 'duplicate'}
        aria-label={t('giftCodes.code.copy')}
        title={state === 'failed' ? t('kit.toast.copyFailed') : t('giftCodes.code.copy')}
        onClick={() => copy(shown)}
        data-testid="gift-code-copy"
      />
    </span>
  );
}
