import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { Card, Classes, H2, H3, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { GAMES } from '../../shared/games.js';
import { useLanguage } from '../i18n/i18n.js';
import type { MenuItem } from '../menu/buildMenu.js';
import { useMenu } from '../menu/MenuContext.js';
import { PlannedTag } from '../planned/PlannedTag.js';
import { useSession } from '../session/SessionContext.js';

function Links({ items }: { items: readonly MenuItem[] }) {
  const { t } = useTranslation();
  return (
    <ul className="home-links">
      {items.map((i) => (
        <li key={i.routeId} className={i.ready ? undefined : 'home-link-planned'}>
          <Link to={i.path} data-testid={`home-link-${i.routeId}`} data-ready={i.ready}>
            {t(i.titleKey)}
          </Link>
          {!i.ready && <PlannedTag testId={`home-planned-${i.routeId}`} />}
        </li>
      ))}
    </ul>
  );
}

/**
 * Who is signed in and where they can go (the side menu's pages, planned ones marked); no figures
 * until a release has real ones.
 */
export function HomePage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { state } = useSession();
  const menu = useMenu();
  const groups = useMemo(() => menu.filter((g) => g.id !== 'home'), [menu]);
  if (!state) return null;
  const { user } = state;

  return (
    <div className="home-page">
      <Card className="home-operator" data-testid="home-operator">
        <H2 className="heading-size-4">{t('home.welcome', { name: user.first_name || user.name })}</H2>
        <p className={Classes.TEXT_MUTED}>
          {t('home.account', { name: user.name, phone: user.phone || t('common.none') })}
        </p>
        <div className="home-roles" data-testid="home-roles">
          <span>{t('home.roles')}</span>
          {user.role.map((r) => (
            <Tag key={r} minimal>
              {t(`role.${r}`, { defaultValue: r })}
            </Tag>
          ))}
        </div>
      </Card>
      <p>{t('home.intro')}</p>
      <div className="home-groups">
        {groups.map((g) => (
          <Card key={g.id} className="home-group" data-testid={`home-group-${g.id}`}>
            <H3 className="heading-size-5">{g.game ? GAMES[g.game].names[lang] : t(`menu.group.${g.id}`)}</H3>
            {g.items.length > 0 && <Links items={g.items} />}
            {g.sections.map((s) => (
              <div key={s.section} className="home-section">
                <div className={Classes.TEXT_MUTED}>{t(`menu.section.${s.section}`)}</div>
                <Links items={s.items} />
              </div>
            ))}
          </Card>
        ))}
      </div>
    </div>
  );
}
