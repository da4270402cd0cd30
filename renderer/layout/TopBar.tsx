import { useState } from 'react';
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
import { Notifications } from './Notifications.js';
import { UpdateButton } from '../updates/UpdateButton.js';
import { TodoPopup } from '../todo/TodoPopup.js';
import { AlertsBell } from '../alerts/AlertsBell.js';
import { PinnedPages } from '../shortcuts/PinnedPages.js';
import { ShortcutsHost } from '../shortcuts/ShortcutsHost.js';

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
        <PinnedPages />
        <ShortcutsHost />
      </NavbarGroup>
      <NavbarGroup align={Alignment.END}>
        <UpdateButton />
        <AlertsBell />
        <TodoPopup />
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
