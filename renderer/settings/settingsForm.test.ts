import { describe, expect, it } from 'vitest';
import { SERVICES, SERVICE_BASE_PATHS, type ServiceName } from '../../shared/games.js';
import type { Settings } from '../../shared/settings-schema.js';
import { settingsPatchSchema } from '../../shared/settings-schema.js';
import {
  checkUrl,
  formFromSettings,
  lacksBasePath,
  pointsAtEmbedded,
  switchesBackend,
  urlErrorsFromIssues,
  validateSettingsForm,
  type SettingsFormValues,
} from './settingsForm.js';

const at = (origin: string) =>
  Object.fromEntries(SERVICES.map((s) => [s, `${origin}${SERVICE_BASE_PATHS[s]}`])) as Record<
    ServiceName,
    string
  >;

const prefs = { updateChannel: 'stable', theme: 'system', devTools: false, closeToTray: false } as const;
const embedded: Settings = {
  language: 'en',
  backend: 'embedded',
  services: at('http://127.0.0.1:40001'),
  ...prefs,
};
const studio: Settings = {
  language: 'en',
  backend: 'custom',
  services: at('https://ops.example.com'),
  ...prefs,
};

const custom = (services: Record<ServiceName, string>): SettingsFormValues => ({
  backend: 'custom',
  services,
});

describe('checkUrl', () => {
  it('accepts https anywhere and plain http to this computer, with or without a path', () => {
    expect(checkUrl('admin', 'http://127.0.0.1:8787/api/v1/sr')).toBeNull();
    expect(checkUrl('admin', 'http://localhost:8787/api/v1/sr')).toBeNull();
    expect(checkUrl('admin', 'http://[::1]:8787/api/v1/sr')).toBeNull();
    expect(checkUrl('pve', '  https://ops.example.com/api/v1/dr/  ')).toBeNull();
    expect(checkUrl('lw', 'https://lw.internal')).toBeNull();
  });

  it('refuses plain http to another machine, and addresses holding a user name or password', () => {
    // Every address receives the operator's token: over plain http anyone on the way could read it.
    expect(checkUrl('lw', 'http://lw.internal')).toEqual({ kind: 'insecure' });
    expect(checkUrl('admin', 'http://10.0.0.5:8080/api/v1/sr')).toEqual({ kind: 'insecure' });
    expect(checkUrl('admin', 'http://127.0.0.1.example.com/api/v1/sr')).toEqual({ kind: 'insecure' });
    expect(checkUrl('admin', 'https://me:secret@ops.example.com/api/v1/sr')).toEqual({ kind: 'credentials' });
  });

  it('says what is wrong: empty, not an address, not http(s)', () => {
    expect(checkUrl('admin', '   ')).toEqual({ kind: 'required' });
    expect(checkUrl('admin', 'ops.example.com/api/v1/sr')).toEqual({ kind: 'notUrl' });
    expect(checkUrl('admin', 'http://')).toEqual({ kind: 'notUrl' });
    expect(checkUrl('admin', 'ftp://ops.example.com/api/v1/sr')).toEqual({ kind: 'notHttp' });
    expect(checkUrl('admin', 'file:///etc/passwd')).toEqual({ kind: 'notHttp' });
  });

  it('accepts nothing main would refuse', () => {
    const urls = [
      'http://a',
      'https://x.y:1/p',
      'http://[::1]:8080/api',
      'nope',
      'ws://a',
      'http:/a',
      'http://localhost',
    ];
    for (const url of urls) {
      const mainAccepts = settingsPatchSchema.safeParse({ services: { admin: url } }).success;
      if (checkUrl('admin', url) === null) expect(mainAccepts, url).toBe(true);
    }
  });
});

describe('lacksBasePath', () => {
  it('hints when the path is not the service base path, and only for valid addresses', () => {
    expect(lacksBasePath('pve', 'https://h/api/v1/dr')).toBe(false);
    expect(lacksBasePath('pve', 'https://h/api/v1/dr/')).toBe(false);
    expect(lacksBasePath('pve', 'https://h/proxy/api/v1/dr')).toBe(false);
    expect(lacksBasePath('pve', 'https://h')).toBe(true);
    expect(lacksBasePath('pve', 'https://h/api/v1/sr')).toBe(true);
    expect(lacksBasePath('pve', 'not a url')).toBe(false);
  });
});

describe('validateSettingsForm', () => {
  it('sends nothing when nothing changed', () => {
    expect(validateSettingsForm(formFromSettings(embedded), embedded)).toEqual({ ok: true, patch: null });
    expect(validateSettingsForm(formFromSettings(studio), studio)).toEqual({ ok: true, patch: null });
    // Trailing slashes and spaces are how main would store the same address.
    const padded = custom({ ...studio.services, pve: ` ${studio.services.pve}/ ` });
    expect(validateSettingsForm(padded, studio)).toEqual({ ok: true, patch: null });
  });

  it('moving to custom sends all five addresses, normalized, even the untouched ones', () => {
    const values = custom({ ...embedded.services, admin: 'https://10.0.0.5:8080/api/v1/sr/' });
    const result = validateSettingsForm(values, embedded);
    expect(result).toEqual({
      ok: true,
      patch: {
        backend: 'custom',
        services: { ...embedded.services, admin: 'https://10.0.0.5:8080/api/v1/sr' },
      },
      switchesBackend: true,
    });
    if (result.ok && result.patch) expect(settingsPatchSchema.safeParse(result.patch).success).toBe(true);
  });

  it('moving to embedded sends only the mode, keeping the saved addresses', () => {
    const values: SettingsFormValues = { ...formFromSettings(studio), backend: 'embedded' };
    values.services.pve = 'garbage';
    expect(validateSettingsForm(values, studio)).toEqual({
      ok: true,
      patch: { backend: 'embedded' },
      switchesBackend: true,
    });
  });

  it('changing any address in custom mode signs out, as main does: each receives the token', () => {
    const values = custom({ ...studio.services, party: 'https://party.example.com/api/v1/party' });
    const result = validateSettingsForm(values, studio);
    expect(result.ok && result.patch && result.switchesBackend).toBe(true);
  });

  it('changing the admin address in custom mode is another backend', () => {
    const values = custom({ ...studio.services, admin: 'https://other.example.com/api/v1/sr' });
    const result = validateSettingsForm(values, studio);
    expect(result.ok && result.patch && result.switchesBackend).toBe(true);
  });

  it('reports every bad field and sends nothing', () => {
    const values = custom({
      ...studio.services,
      pve: 'ops.example.com',
      payment: '',
      lw: 'ftp://x',
      party: 'http://party.example.com/api/v1/party',
    });
    expect(validateSettingsForm(values, studio)).toEqual({
      ok: false,
      errors: {
        pve: { kind: 'notUrl' },
        payment: { kind: 'required' },
        lw: { kind: 'notHttp' },
        party: { kind: 'insecure' },
      },
    });
  });
});

describe('switchesBackend', () => {
  it('follows main: the mode, and in custom mode the admin address', () => {
    expect(switchesBackend(embedded, formFromSettings(embedded))).toBe(false);
    expect(switchesBackend(embedded, { ...formFromSettings(embedded), backend: 'custom' })).toBe(true);
    expect(switchesBackend(studio, { ...formFromSettings(studio), backend: 'embedded' })).toBe(true);
    expect(switchesBackend(studio, custom({ ...studio.services, admin: `${studio.services.admin}/` }))).toBe(
      false,
    );
    expect(
      switchesBackend(studio, custom({ ...studio.services, payment: 'https://pay.example.com/api/v1/pay' })),
    ).toBe(true);
  });
});

describe('urlErrorsFromIssues', () => {
  it('places services.<name> issues on their field, in main’s words, and ignores the rest', () => {
    expect(
      urlErrorsFromIssues([
        { path: 'services.pve', message: 'Invalid URL' },
        { path: 'services.pve', message: 'must start with http:// or https://' },
        { path: 'services.nope', message: 'unrecognized key' },
        { path: 'backend', message: 'invalid option' },
        { path: 'services', message: 'expected object' },
      ]),
    ).toEqual({ pve: { kind: 'refused', message: 'Invalid URL; must start with http:// or https://' } });
  });
});

describe('pointsAtEmbedded', () => {
  const url = 'http://127.0.0.1:40001';
  it('is true when a custom address is on the running embedded backend', () => {
    expect(pointsAtEmbedded(custom(embedded.services), url)).toBe(true);
    expect(pointsAtEmbedded(custom({ ...studio.services, lw: `${url}/api/v1/lw` }), `${url}/`)).toBe(true);
  });

  it('is false for other hosts, for embedded mode, and when nothing runs', () => {
    expect(pointsAtEmbedded(custom(studio.services), url)).toBe(false);
    expect(pointsAtEmbedded(custom(at('http://127.0.0.1:40002')), url)).toBe(false);
    expect(pointsAtEmbedded(formFromSettings(embedded), url)).toBe(false);
    expect(pointsAtEmbedded(custom(embedded.services), null)).toBe(false);
    expect(pointsAtEmbedded(custom({ ...embedded.services, admin: 'garbage' }), 'garbage')).toBe(false);
  });
});
