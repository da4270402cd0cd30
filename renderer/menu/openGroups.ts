import type { MenuGroupId } from '../../shared/routes.js';

/**
 * Which side-menu groups are open. The group of the page on screen opens by itself, and closes
 * again when the operator moves to a page of another group, so the menu does not grow with every
 * page visited; a group the operator opened by hand stays open until they close it.
 */
export interface OpenGroups {
  open: ReadonlySet<MenuGroupId>;
  /** Opened by the operator's own click, not by following the page. */
  byHand: ReadonlySet<MenuGroupId>;
}

export function initialOpenGroups(current: MenuGroupId | undefined): OpenGroups {
  return { open: new Set(current ? [current] : []), byHand: new Set() };
}

/**
 * The operator moved from a page of group `from` to a page of group `to` (undefined: a page
 * outside the menu, such as a player's detail). The new page's group opens, even if closed by hand,
 * so its entry shows.
 */
export function followPage(
  state: OpenGroups,
  from: MenuGroupId | undefined,
  to: MenuGroupId | undefined,
): OpenGroups {
  const open = new Set(state.open);
  if (from && from !== to && !state.byHand.has(from)) open.delete(from);
  if (to) open.add(to);
  return { open, byHand: state.byHand };
}

/** A click on a group's title: closes an open group, opens a closed one (and keeps it open). */
export function toggleGroup(state: OpenGroups, id: MenuGroupId): OpenGroups {
  const open = new Set(state.open);
  const byHand = new Set(state.byHand);
  if (open.has(id)) {
    open.delete(id);
    byHand.delete(id);
  } else {
    open.add(id);
    byHand.add(id);
  }
  return { open, byHand };
}
