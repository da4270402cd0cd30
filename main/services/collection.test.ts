import { describe, expect, it } from 'vitest';
import { buildServices, defineService, serviceId, type ServiceDef } from './collection.js';
import type { MainService } from './registry.js';

/** A service that records when it was made and hands back what it was given, for building by hand. */
interface Probe extends MainService {
  got: Record<string, string>;
}
const made: string[] = [];
const ids = new Map<string, ReturnType<typeof serviceId<Probe>>>();
const idOf = (name: string) => {
  if (!ids.has(name)) ids.set(name, serviceId<Probe>(name));
  return ids.get(name)!;
};
function probe(name: string, needs: string[] = []): ServiceDef<Probe, { tag: string }> {
  return defineService({
    id: idOf(name),
    needs: Object.fromEntries(needs.map((n) => [n, idOf(n)])),
    create: (built, given: { tag: string }): Probe => {
      made.push(name);
      const got = Object.fromEntries(
        Object.entries(built).map(([key, s]) => [key, `${s.name}@${given.tag}`]),
      );
      return { name, handlers: {}, got };
    },
  });
}
const build = (...defs: ServiceDef<Probe, { tag: string }>[]) => {
  made.length = 0;
  return buildServices({ tag: 't' }, defs);
};

describe('buildServices', () => {
  it('builds each service after those it needs, and hands them over by the names it declared', () => {
    const c = build(
      probe('api', ['backend', 'session']),
      probe('session', ['settings']),
      probe('backend', ['settings']),
      probe('settings'),
    );
    expect(made).toEqual(['settings', 'session', 'backend', 'api']);
    expect(c.services.map((s) => s.name)).toEqual(['settings', 'session', 'backend', 'api']);
    expect(c.get(idOf('api')).got).toEqual({ backend: 'backend@t', session: 'session@t' });
  });

  it('keeps the list’s order where needs leave a choice', () => {
    build(probe('menu'), probe('links'), probe('about', ['settings']), probe('settings'));
    expect(made).toEqual(['menu', 'links', 'settings', 'about']);
  });

  it('refuses a need that is not in the list, naming both, before building anything', () => {
    expect(() => build(probe('settings'), probe('alerts', ['settings', 'session']))).toThrow(
      "main's services cannot be built: the alerts service needs session, which is not in the list",
    );
    expect(made).toEqual([]);
  });

  it('refuses services that need each other in a circle, naming the circle in order', () => {
    expect(() =>
      build(
        probe('settings'),
        probe('api', ['settings', 'session']),
        probe('session', ['backend']),
        probe('backend', ['api']),
      ),
    ).toThrow("main's services need each other in a circle: api needs session needs backend needs api");
    expect(made).toEqual([]);
    expect(() => build(probe('self', ['self']))).toThrow('in a circle: self needs self');
  });

  it('names only the circle when a service outside it waits on it', () => {
    expect(() =>
      build(probe('alerts', ['api']), probe('api', ['session']), probe('session', ['api'])),
    ).toThrow(/in a circle: api needs session needs api$/);
  });

  it('refuses a name listed twice, and a service that calls itself by another name', () => {
    expect(() => build(probe('settings'), probe('settings'))).toThrow(
      "main's service settings is listed twice",
    );
    const liar = defineService({
      id: serviceId<MainService>('updater'),
      needs: {},
      create: (): MainService => ({ name: 'updates', handlers: {} }),
    });
    expect(() => buildServices({}, [liar])).toThrow('the updater service calls itself updates');
  });

  it('refuses to hand out a service that is not in the collection', () => {
    expect(() => build(probe('settings')).get(idOf('nowhere'))).toThrow('main has no nowhere service');
  });
});
