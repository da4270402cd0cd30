import { Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  Alignment,
  Button,
  Classes,
  Icon,
  Navbar,
  NavbarDivider,
  NavbarGroup,
  NavbarHeading,
} from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { LANDING_PATH } from '../../shared/routes.js';
import { LanguageSwitch } from '../components/LanguageSwitch.js';
import { SettingsDialog } from '../settings/SettingsDialog.js';
import type { TopBarPlace } from '../feature.js';
import { useShell } from '../shell/context.js';
import { Notifications } from './Notifications.js';

/** The features' widgets of one place, in their order (renderer/features.ts lays them out). */
function Widgets({ place }: { place: TopBarPlace }) {
  const { topBar } = useShell();
  return (
    // Together, once all have loaded: they load beside the frame (LazyChrome), so this is brief.
    <Suspense fallback={null}>
      {topBar
        .filter((w) => w.place === place)
        .map((w) => (
          <w.component key={w.id} />
        ))}
    </Suspense>
  );
}

/**
 * The signed-in frame's top bar: the console's title, the features' widgets (renderer/feature.ts,
 * `topBar`) and the shell's own buttons (notifications, language, settings, the operator, sign-out).
 */
export function TopBar({
  operatorName,
  onOpenMenu,
}: {
  operatorName: string;
  /** Set on narrow windows, where the side menu lives in a drawer. */
  onOpenMenu?: () => void;
}) {
  const { t } = useTranslation();
  const [settingsOpen, setSettingsOpen] = useState(false);
  return (
    // The banner landmark: the top bar is the console's own, the same on every page.
    <Navbar className="top-bar" fixedToTop={false} role="banner">
      <NavbarGroup align={Alignment.START}>
        {onOpenMenu && (
          <Button
            variant="minimal"
            icon="menu"
            onClick={onOpenMenu}
            aria-label={t('menu.open')}
            title={t('menu.open')}
            data-testid="menu-button"
          />
        )}
        <NavbarHeading>
          <Link to={LANDING_PATH} className="top-bar-title" data-testid="app-title">
            {t('app.title')}
          </Link>
        </NavbarHeading>
        <Widgets place="start" />
      </NavbarGroup>
      <NavbarGroup align={Alignment.END}>
        <Widgets place="end" />
        <Notifications />
        <LanguageSwitch />
        <Button
          variant="minimal"
          icon="cog"
          onClick={() => setSettingsOpen(true)}
          aria-label={t('settings.open')}
          title={t('settings.open')}
          data-testid="settings-button"
        />
        <SettingsDialog isOpen={settingsOpen} onClose={() => setSettingsOpen(false)} />
        <NavbarDivider />
        <span className="top-bar-operator" data-testid="operator-name" title={t('topbar.operator')}>
          <Icon icon="user" /> {operatorName}
        </span>
        <Link to="/auth/logout" className={`${Classes.BUTTON} ${Classes.MINIMAL}`} data-testid="logout">
          <Icon icon="log-out" />
          <span className={Classes.BUTTON_TEXT}>{t('topbar.logout')}</span>
        </Link>
      </NavbarGroup>
    </Navbar>
  );
}
