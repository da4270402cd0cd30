import type { MainService } from './registry.js';

/**
 * How main's services are built: each declares the services it needs and what it takes from the
 * shell (the givens: storage, the token store, the OS's notifier...), and the collection builds
 * them so that every service exists before any that needs it. Modelled on VS Code's service
 * collection, without what it needs decorators and proxies for: needs are typed through their
 * ids, so a service gets exactly what it declared; everything is built up front, so a missing
 * service or a circle is refused before anything starts, naming the services involved, and
 * never papered over with a lazy proxy (two services that need each other are one service cut
 * in the wrong place: the session's token keeping is apart from signing in for that reason).
 */

/** A service's name, carrying the type of what it provides (VS Code's service identifier). */
export interface ServiceId<T> {
  readonly name: string;
  /** Never set: it only carries T, so that a need is typed by the id it names. */
  readonly provides?: T;
}

export function serviceId<T extends MainService>(name: string): ServiceId<T> {
  return { name };
}

type NeedIds = Record<string, ServiceId<MainService>>;
type Needed<N extends NeedIds> = { [K in keyof N]: N[K] extends ServiceId<infer T> ? T : never };

/** One entry of the list: the service it provides, what it needs, and how to make it. */
export interface ServiceDef<T extends MainService, G> {
  readonly id: ServiceId<T>;
  readonly needs: readonly ServiceId<MainService>[];
  /** Makes the service from the built services it needs and the shell's givens. */
  readonly create: (get: <U extends MainService>(id: ServiceId<U>) => U, given: G) => T;
}

/**
 * Declares a service. `needs` names each service it uses under the key it is handed over as;
 * `G` is the part of the shell's givens it reads (the collection checks the shell gives it).
 */
export function defineService<T extends MainService, N extends NeedIds, G = unknown>(spec: {
  id: ServiceId<T>;
  needs: N;
  create: (needs: Needed<N>, given: G) => T;
}): ServiceDef<T, G> {
  return {
    id: spec.id,
    needs: Object.values(spec.needs),
    create: (get, given) => {
      const needs = Object.fromEntries(Object.entries(spec.needs).map(([key, id]) => [key, get(id)]));
      return spec.create(needs as Needed<N>, given);
    },
  };
}

export interface ServiceCollection {
  /** A built service by its id. Throws for one that is not in the collection. */
  get<T extends MainService>(id: ServiceId<T>): T;
  /** Every service, each after those it needs: the order they start in (and close in reverse). */
  readonly services: readonly MainService[];
}

/**
 * Builds the listed services, each after the services it needs; among services whose needs are
 * met, the list's order decides. Throws, before building any, on a name listed twice, a need
 * that is not in the list, or services that need each other in a circle.
 */
export function buildServices<G>(given: G, defs: readonly ServiceDef<MainService, G>[]): ServiceCollection {
  const order = orderByNeeds(defs);
  const built = new Map<string, MainService>();
  const get = <U extends MainService>(id: ServiceId<U>): U => {
    const service = built.get(id.name);
    if (!service) throw new Error(`main has no ${id.name} service`);
    return service as U;
  };
  for (const def of order) {
    const service = def.create(get, given);
    if (service.name !== def.id.name) {
      throw new Error(`the ${def.id.name} service calls itself ${service.name}: one name per service`);
    }
    built.set(def.id.name, service);
  }
  return { get, services: [...built.values()] };
}

/** The definitions, each after those it needs (Kahn's order, ties kept in the list's order). */
export function orderByNeeds<D extends Pick<ServiceDef<MainService, never>, 'id' | 'needs'>>(
  defs: readonly D[],
): D[] {
  const byName = new Map<string, D>();
  for (const def of defs) {
    if (byName.has(def.id.name)) throw new Error(`main's service ${def.id.name} is listed twice`);
    byName.set(def.id.name, def);
  }
  const missing = defs.flatMap((def) =>
    def.needs
      .filter((need) => !byName.has(need.name))
      .map((need) => `the ${def.id.name} service needs ${need.name}, which is not in the list`),
  );
  if (missing.length > 0) throw new Error(`main's services cannot be built: ${missing.join('; ')}`);

  const done = new Set<string>();
  const order: D[] = [];
  while (order.length < defs.length) {
    const next = defs.find((def) => !done.has(def.id.name) && def.needs.every((n) => done.has(n.name)));
    if (!next) {
      const circle = findCircle(defs.filter((def) => !done.has(def.id.name)));
      throw new Error(`main's services need each other in a circle: ${circle.join(' needs ')}`);
    }
    done.add(next.id.name);
    order.push(next);
  }
  return order;
}

/**
 * A circle among services none of which could be built (each still needs one of the others):
 * walked from the first by its first unbuilt need until a service repeats, so the message names
 * the services in the circle in the order they need each other.
 */
function findCircle(stuck: readonly Pick<ServiceDef<MainService, never>, 'id' | 'needs'>[]): string[] {
  const byName = new Map(stuck.map((def) => [def.id.name, def]));
  const path: string[] = [];
  let at = stuck[0];
  while (at && !path.includes(at.id.name)) {
    path.push(at.id.name);
    at = byName.get(at.needs.find((need) => byName.has(need.name))?.name ?? '');
  }
  return at ? [...path.slice(path.indexOf(at.id.name)), at.id.name] : path;
}
