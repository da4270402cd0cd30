import { Callout, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session/SessionContext.js';

/**
 * Shown on every screen while the embedded backend holds the demo operators: their password is
 * published, so nothing real may be entered here.
 */
export function DemoBanner() {
  const { t } = useTranslation();
  const { appInfo } = useSession();
  if (appInfo?.backend.setup !== 'demo') return null;
  return (
    <Callout
      intent={Intent.WARNING}
      icon="warning-sign"
      compact
      className="demo-banner"
      title={t('demo.title')}
      // A landmark of its own, so that a screen reader's list of regions has the warning too.
      role="region"
      aria-label={t('demo.title')}
      data-testid="demo-banner"
    >
      {t('demo.body')}
    </Callout>
  );
}
