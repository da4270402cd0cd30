import { Link } from 'react-router-dom';
import { Classes, NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { GAMES } from '../../shared/games.js';
import { LANDING_PATH, type RouteDef } from '../../shared/routes.js';
import { useLanguage } from '../i18n/i18n.js';

/** A route that a later release builds: says so, names it, shows no data. */
export function PlannedPage({ route }: { route: RouteDef }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const page = t(route.titleKey);
  const game = route.game ? GAMES[route.game].names[lang] : null;
  return (
    <div data-testid="planned-page" data-route={route.id}>
      <NonIdealState
        icon="build"
        title={t('planned.title')}
        description={
          <>
            <p>{game ? t('planned.bodyGame', { page, game }) : t('planned.body', { page })}</p>
            <p className={Classes.TEXT_MUTED}>{t('planned.noData')}</p>
          </>
        }
        action={
          <Link to={LANDING_PATH} className={Classes.BUTTON}>
            {t('common.backHome')}
          </Link>
        }
      />
    </div>
  );
}
