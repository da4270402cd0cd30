import type { FieldIssue } from '../../shared/envelope.js';
import { SERVICES, SERVICE_BASE_PATHS, type ServiceName } from '../../shared/games.js';
import { serviceUrlProblem, type ServiceUrlProblem } from '../../shared/settings.js';
import { settingsPatchSchema, type Settings, type SettingsPatch } from '../../shared/settings-schema.js';

/**
 * The connection settings form: what the operator typed, checked by the same schema main applies,
 * and turned into the smallest patch that says what they meant.
 */

export type BackendMode = Settings['backend'];

export interface SettingsFormValues {
  backend: BackendMode;
  services: Record<ServiceName, string>;
}

/**
 * Problems the console finds itself, each with a catalogue key: an empty field, and the
 * contract's rule for every service address (serviceUrlProblem: https, or plain http only to
 * this computer, since every address receives the operator's token).
 */
export const URL_PROBLEMS = [
  'required',
  'notUrl',
  'notHttp',
  'insecure',
  'credentials',
] as const satisfies readonly ('required' | ServiceUrlProblem)[];
export type UrlProblemKind = (typeof URL_PROBLEMS)[number];

/** What is wrong with one service's address: found here, or refused by main (its own words). */
export type UrlProblem = { kind: UrlProblemKind } | { kind: 'refused'; message: string };
export type UrlErrors = Partial<Record<ServiceName, UrlProblem>>;

export const urlProblemKey = (kind: UrlProblemKind): string => `settings.invalid.${kind}`;

export function formFromSettings(s: Settings): SettingsFormValues {
  return { backend: s.backend, services: { ...s.services } };
}

/** How main stores an address, so an unchanged field compares equal to what it saved. */
export function normalizeUrl(raw: string): string {
  return raw.trim().replace(/\/+$/, '');
}

export function checkUrl(service: ServiceName, raw: string): UrlProblem | null {
  const url = raw.trim();
  if (url === '') return { kind: 'required' };
  const problem = serviceUrlProblem(url);
  if (problem) return { kind: problem };
  // Main's own schema has the last word: the form must not accept what settings.set refuses.
  const byMain = settingsPatchSchema.safeParse({ services: { [service]: url } });
  return byMain.success ? null : { kind: 'notUrl' };
}

/**
 * A base URL whose path does not end with the service's base path is allowed (a proxy may
 * rewrite it) but is most often the host alone, pasted without the path: worth a hint.
 */
export function lacksBasePath(service: ServiceName, raw: string): boolean {
  if (checkUrl(service, raw) !== null) return false;
  const path = new URL(raw.trim()).pathname.replace(/\/+$/, '');
  return !path.endsWith(SERVICE_BASE_PATHS[service]);
}

/**
 * Tokens belong to the services that issued them, and every service address receives the admin
 * token: main signs out when the mode or any of the five addresses changes, and so says the form.
 */
function backendIdentity(backend: BackendMode, services: Record<ServiceName, string>): string {
  return backend === 'embedded' ? 'embedded' : SERVICES.map((s) => normalizeUrl(services[s])).join('\n');
}

/** Whether saving these values moves the console to other services (and so signs out). */
export function switchesBackend(initial: Settings, values: SettingsFormValues): boolean {
  return (
    backendIdentity(initial.backend, initial.services) !== backendIdentity(values.backend, values.services)
  );
}

export type ValidatedSettings =
  | { ok: true; patch: SettingsPatch; switchesBackend: boolean }
  | { ok: true; patch: null }
  | { ok: false; errors: UrlErrors };

/**
 * `initial` is what settings.get answered. In embedded mode that shows the embedded backend's
 * addresses, so the addresses are sent only for custom mode, and then all five: a field the
 * operator left alone still holds what they saw and expect to be used.
 */
export function validateSettingsForm(values: SettingsFormValues, initial: Settings): ValidatedSettings {
  if (values.backend === 'embedded') {
    return initial.backend === 'embedded'
      ? { ok: true, patch: null }
      : { ok: true, patch: { backend: 'embedded' }, switchesBackend: true };
  }
  const errors: UrlErrors = {};
  for (const s of SERVICES) {
    const problem = checkUrl(s, values.services[s]);
    if (problem) errors[s] = problem;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const services = Object.fromEntries(SERVICES.map((s) => [s, normalizeUrl(values.services[s])])) as Record<
    ServiceName,
    string
  >;
  const unchanged =
    initial.backend === 'custom' && SERVICES.every((s) => services[s] === normalizeUrl(initial.services[s]));
  if (unchanged) return { ok: true, patch: null };
  return {
    ok: true,
    patch: { backend: 'custom', services },
    switchesBackend: switchesBackend(initial, values),
  };
}

function isService(x: unknown): x is ServiceName {
  return typeof x === 'string' && (SERVICES as readonly string[]).includes(x);
}

/** settings.set's field problems (`services.pve`) placed on their fields, in main's words. */
export function urlErrorsFromIssues(issues: readonly FieldIssue[]): UrlErrors {
  const errors: UrlErrors = {};
  for (const issue of issues) {
    const [head, service] = issue.path.split('.');
    if (head === 'services' && isService(service)) {
      const prev = errors[service];
      const message = prev?.kind === 'refused' ? `${prev.message}; ${issue.message}` : issue.message;
      errors[service] = { kind: 'refused', message };
    }
  }
  return errors;
}

function originOf(url: string): string | null {
  try {
    return new URL(url.trim()).origin;
  } catch {
    return null;
  }
}

/**
 * Whether a custom address points at the embedded backend (`embeddedUrl`, from app.info while it
 * runs). Main stops that backend when the console leaves embedded mode, so such an address would
 * not answer: worth a warning before the operator saves it.
 */
export function pointsAtEmbedded(values: SettingsFormValues, embeddedUrl: string | null): boolean {
  const embedded = embeddedUrl === null ? null : originOf(embeddedUrl);
  if (values.backend !== 'custom' || embedded === null) return false;
  return SERVICES.some((s) => originOf(values.services[s]) === embedded);
}
