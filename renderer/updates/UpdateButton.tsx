import { Button, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { topBarUpdate } from './status.js';
import { openUpdateDialog, useUpdateState } from './store.js';

/** The top bar's "Restart to update" (and, before it, the background download's progress). */
export function UpdateButton() {
  const { t } = useTranslation();
  const state = useUpdateState();
  const show = topBarUpdate(state);
  if (!state || !show) return null;
  if (show === 'downloading') {
    const percent = Math.floor(state.progress?.percent ?? 0);
    return (
      <Button
        variant="minimal"
        icon="cloud-download"
        text={t('updates.downloading', { percent })}
        title={t('updates.downloadingTitle', { version: state.version ?? '' })}
        onClick={openUpdateDialog}
        data-testid="update-downloading"
      />
    );
  }
  return (
    <Button
      variant="minimal"
      intent={Intent.SUCCESS}
      icon="automatic-updates"
      text={t('updates.restart')}
      title={t('updates.restartTitle', { version: state.version ?? '' })}
      onClick={openUpdateDialog}
      data-testid="update-restart-button"
    />
  );
}
