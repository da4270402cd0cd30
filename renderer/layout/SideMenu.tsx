import { useEffect, useMemo, useState } from 'react';
import { NavLink } from 'react-router-dom';
import { Alignment, Button, Classes, Collapse, Icon, type IconName } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { GAMES } from '../../shared/games.js';
import { SIDE_NAV_WIDTH } from '../../shared/constants.js';
import type { MenuGroupId } from '../../shared/routes.js';
import { useLanguage } from '../i18n/i18n.js';
import { buildMenu, groupOfRoute, type MenuGroup, type MenuItem } from '../menu/buildMenu.js';

const GROUP_ICONS: Record<string, IconName> = { home: 'home', admin: 'cog', todo: 'tick-circle' };

function MenuLink({ item, onNavigate }: { item: MenuItem; onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <NavLink
      to={item.path}
      end
      onClick={onNavigate}
      className={({ isActive }) =>
        `${Classes.MENU_ITEM} side-menu-item${isActive ? ` ${Classes.ACTIVE} ${Classes.INTENT_PRIMARY}` : ''}`
      }
      style={{ paddingLeft: item.indent }}
      data-testid={`menu-item-${item.routeId}`}
    >
      <span className={Classes.TEXT_OVERFLOW_ELLIPSIS}>{t(item.titleKey)}</span>
    </NavLink>
  );
}

function GroupView({
  group,
  open,
  onToggle,
  onNavigate,
}: {
  group: MenuGroup;
  open: boolean;
  onToggle: () => void;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const title = group.game ? GAMES[group.game].names[lang] : t(`menu.group.${group.id}`);
  return (
    <div className="side-menu-group">
      <Button
        variant="minimal"
        fill
        alignText={Alignment.START}
        className="side-menu-group-toggle"
        icon={<Icon icon={GROUP_ICONS[group.id] ?? 'cube'} className="side-menu-group-icon" />}
        endIcon={open ? 'chevron-down' : 'chevron-right'}
        onClick={onToggle}
        aria-expanded={open}
        data-testid={`menu-group-${group.id}`}
        text={title}
      />
      <Collapse isOpen={open}>
        <div role="group" aria-label={title}>
          {group.items.map((item) => (
            <MenuLink key={item.routeId} item={item} {...(onNavigate ? { onNavigate } : {})} />
          ))}
          {group.sections.map((section) => (
            <div key={section.section} className="side-menu-section">
              <div
                className={`${Classes.MENU_HEADER} side-menu-section-title`}
                style={{ paddingLeft: section.indent }}
                data-testid={`menu-section-${group.id}-${section.section}`}
              >
                {t(`menu.section.${section.section}`)}
              </div>
              {section.items.map((item) => (
                <MenuLink key={item.routeId} item={item} {...(onNavigate ? { onNavigate } : {})} />
              ))}
            </div>
          ))}
        </div>
      </Collapse>
    </div>
  );
}

/**
 * The side menu, built from the route table for the operator's roles. The group holding the open
 * page starts expanded; the others open on click and stay as the operator left them.
 */
export function SideMenu({
  roles,
  currentRouteId,
  onNavigate,
}: {
  roles: readonly string[];
  currentRouteId: string | undefined;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const groups = useMemo(() => buildMenu(roles), [roles]);
  const current = groupOfRoute(groups, currentRouteId);
  const [open, setOpen] = useState<ReadonlySet<MenuGroupId>>(() => new Set(current ? [current] : []));

  useEffect(() => {
    if (current) setOpen((prev) => (prev.has(current) ? prev : new Set([...prev, current])));
  }, [current]);

  const toggle = (id: MenuGroupId) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <nav
      className="side-menu"
      style={{ width: SIDE_NAV_WIDTH }}
      aria-label={t('menu.label')}
      data-testid="side-menu"
    >
      {groups.map((g) => (
        <GroupView
          key={g.id}
          group={g}
          open={open.has(g.id)}
          onToggle={() => toggle(g.id)}
          {...(onNavigate ? { onNavigate } : {})}
        />
      ))}
    </nav>
  );
}
