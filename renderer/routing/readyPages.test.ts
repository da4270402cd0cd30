import { describe, expect, it } from 'vitest';
import { READY_ROUTE_IDS, pageKindOf, unservedReadyRoutes } from './readyPages.js';
import { ROUTES, routeById } from '../../shared/routes.js';

describe('ready pages', () => {
  it('serves every ready route of the table', () => {
    expect(unservedReadyRoutes()).toEqual([]);
  });

  it('claims only routes the table has and marks ready', () => {
    for (const id of READY_ROUTE_IDS) expect(routeById(id).status).toBe('ready');
  });

  it('renders the planned page for every planned route', () => {
    for (const r of ROUTES.filter((x) => x.status === 'planned'))
      expect(pageKindOf(r)).toEqual({ kind: 'planned' });
  });

  it('does not serve a route the table marks planned even if a screen exists', () => {
    const planned = { ...routeById('admin.users'), status: 'planned' as const };
    expect(pageKindOf(planned)).toEqual({ kind: 'planned' });
  });
});
