import { useEffect, useRef, useState } from 'react';
import { NavLink } from 'react-router-dom';
import { Alignment, Button, Classes, Icon, type IconName } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { GAMES } from '../../shared/games.js';
import { SIDE_NAV_WIDTH } from '../../shared/constants.js';
import type { MenuGroupId } from '../../shared/routes.js';
import { useLanguage } from '../i18n/i18n.js';
import { groupOfRoute, type MenuGroup, type MenuItem } from '../menu/buildMenu.js';
import { useMenu } from '../menu/MenuContext.js';
import { followPage, initialOpenGroups, toggleGroup } from '../menu/openGroups.js';
import { PlannedTag } from '../planned/PlannedTag.js';

const GROUP_ICONS: Record<string, IconName> = { home: 'home', admin: 'cog', todo: 'tick-circle' };

function MenuLink({ item, onNavigate }: { item: MenuItem; onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <NavLink
      to={item.path}
      end
      onClick={onNavigate}
      className={({ isActive }) =>
        [
          Classes.MENU_ITEM,
          'side-menu-item',
          item.ready ? '' : 'side-menu-item-planned',
          isActive ? `${Classes.ACTIVE} ${Classes.INTENT_PRIMARY}` : '',
        ]
          .filter(Boolean)
          .join(' ')
      }
      style={{ paddingLeft: item.indent }}
      data-testid={`menu-item-${item.routeId}`}
      data-ready={item.ready}
    >
      <span className={`${Classes.TEXT_OVERFLOW_ELLIPSIS} ${Classes.FILL}`}>{t(item.titleKey)}</span>
      {!item.ready && <PlannedTag testId={`menu-planned-${item.routeId}`} />}
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
  const listId = `side-menu-group-${group.id}`;
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
        aria-controls={listId}
        data-testid={`menu-group-${group.id}`}
        text={title}
      />
      {/* Not animated: the entry of the page on screen must be in place to be scrolled to. */}
      <div id={listId} role="group" aria-label={title} hidden={!open}>
        {open && (
          <>
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
          </>
        )}
      </div>
    </div>
  );
}

/**
 * The side menu, from the layout's menu for the operator's roles. The group of the page on screen
 * opens, and the previous page's group closes unless the operator opened it by hand
 * (menu/openGroups.ts); each new page's entry is scrolled into view.
 */
export function SideMenu({
  currentRouteId,
  onNavigate,
}: {
  currentRouteId: string | undefined;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const groups = useMenu();
  const current = groupOfRoute(groups, currentRouteId);
  const [openGroups, setOpenGroups] = useState(() => initialOpenGroups(current));
  // Adjusted while rendering, not in an effect, so the new page's group never flashes closed.
  const [shown, setShown] = useState({ routeId: currentRouteId, group: current });
  if (shown.routeId !== currentRouteId) {
    setShown({ routeId: currentRouteId, group: current });
    setOpenGroups((s) => followPage(s, shown.group, current));
  }

  const nav = useRef<HTMLElement>(null);
  const scrolledTo = useRef<string | undefined>(undefined);
  const watching = useRef<IntersectionObserver | null>(null);
  useEffect(() => () => watching.current?.disconnect(), []);
  useEffect(() => {
    if (scrolledTo.current === currentRouteId) return;
    const active = nav.current?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!active) return;
    scrolledTo.current = currentRouteId;
    // Asked of an observer, not of the layout right now: scrollIntoView in this effect forced a
    // layout of the whole page in the middle of a navigation, before the new screen's rows (issue
    // 25: 15 to 40 ms of a list's first rows). The observer answers after the next layout, which
    // the page makes anyway, and the menu scrolls only when the page's item is not all in view
    // (the viewport as root: clipped by the menu's scrolling box).
    watching.current?.disconnect();
    const seen = new IntersectionObserver(
      ([entry]) => {
        seen.disconnect();
        if (entry && entry.intersectionRatio < 1) active.scrollIntoView({ block: 'nearest' });
      },
      { threshold: 1 },
    );
    watching.current = seen;
    seen.observe(active);
  });

  return (
    <nav
      ref={nav}
      className="side-menu"
      style={{ width: SIDE_NAV_WIDTH }}
      aria-label={t('menu.label')}
      data-testid="side-menu"
    >
      {groups.map((g) => (
        <GroupView
          key={g.id}
          group={g}
          open={openGroups.open.has(g.id)}
          onToggle={() => setOpenGroups((s) => toggleGroup(s, g.id as MenuGroupId))}
          {...(onNavigate ? { onNavigate } : {})}
        />
      ))}
    </nav>
  );
}
