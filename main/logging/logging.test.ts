import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger, routeConsole } from './logger.js';
import { REDACTED, formatLogArgs, redactText, redactValue } from './redact.js';
import { openRotatingFile } from './rotating-file.js';

describe('redaction', () => {
  const access = `v1.${Buffer.from(JSON.stringify({ sub: 'admin', exp: 1 })).toString('base64url')}.${'k9'.repeat(22)}`;
  const refresh = 'Qx3_vR9-aZ0kP2mN7bT4yL8wE1sD6fG5hJ0cU3iO9qA';

  it('removes tokens wherever they appear: bearer headers, our access tokens, refresh tokens, JWTs', () => {
    for (const line of [
      `GET /api/v1/sr/users Authorization: Bearer ${access}`,
      `refresh failed for ${refresh}`,
      `token ${access} rejected`,
      'jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJlX2hlcmU',
      `x-gameops-launch-key: ${'a1'.repeat(32)}`,
    ]) {
      const out = redactText(line);
      expect(out, line).toContain(REDACTED);
      expect(out).not.toContain(access);
      expect(out).not.toContain(refresh);
      expect(out).not.toMatch(/eyJzdWIi|a1a1a1a1a1a1a1a1a1a1a1/);
    }
  });

  it('removes passwords and the free text of reasons and notes, in JSON, query strings and prose', () => {
    const cases: [string, string][] = [
      ['{"account":"admin","password":"hunter2 is mine"}', 'hunter2'],
      ['login?account=admin&password=s3cret&x=1', 's3cret'],
      ['ban failed: reason: 张三 cheated in ranked, phone 13800000009', '张三'],
      ['ban failed: reason: 张三 cheated in ranked, phone 13800000009', 'cheated'],
      ["note='called the player at home'", 'called the player'],
      ['{"refreshToken": "abc", "accessToken": "def"}', '"abc"'],
    ];
    for (const [line, secret] of cases) {
      const out = redactText(line);
      expect(out, line).not.toContain(secret);
      expect(out).toContain(REDACTED);
    }
    // What is not secret stays, so the line still says what happened.
    expect(redactText('login?account=admin&password=s3cret&x=1')).toContain('account=admin');
    expect(redactText('[gameops] api:call failed: connection refused')).toBe(
      '[gameops] api:call failed: connection refused',
    );
  });

  it('walks objects and errors: secret keys emptied, strings cleaned, cycles summarised', () => {
    const input: Record<string, unknown> = {
      account: 'admin',
      password: 'pw',
      nested: { Reason: 'private text', list: [{ refresh_token: 'x' }] },
      headers: { Authorization: `Bearer ${access}` },
    };
    input['self'] = input;
    expect(redactValue(input)).toEqual({
      account: 'admin',
      password: REDACTED,
      nested: { Reason: REDACTED, list: [{ refresh_token: REDACTED }] },
      headers: { Authorization: REDACTED },
      self: '[cycle]',
    });
    const err = Object.assign(new Error(`refresh ${refresh} refused`), { code: 40103 });
    const line = formatLogArgs(['[gameops] failed:', err]);
    expect(line).toContain('[gameops] failed:');
    expect(line).toContain('refused');
    expect(line).not.toContain(refresh);
  });
});

describe('the rotating log', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'gameops-logs-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('rotates by size and keeps a fixed number of files, newest in main.log', async () => {
    const file = openRotatingFile({ dir, maxBytes: 1024, files: 3 });
    const line = (i: number) => `line ${String(i).padStart(4, '0')} ${'x'.repeat(90)}`;
    for (let i = 0; i < 60; i++) file.write(line(i));
    expect((await readdir(dir)).sort()).toEqual(['main.1.log', 'main.2.log', 'main.log']);
    for (const name of await readdir(dir)) {
      expect((await readFile(join(dir, name))).length).toBeLessThanOrEqual(1024);
    }
    const newest = await readFile(join(dir, 'main.log'), 'utf8');
    expect(newest.trimEnd().split('\n').at(-1)).toBe(line(59));
    const older = await readFile(join(dir, 'main.1.log'), 'utf8');
    expect(older.trimEnd().split('\n').at(-1)).toBe(line(59 - newest.trimEnd().split('\n').length));
    expect(file.paths()).toEqual([join(dir, 'main.log'), join(dir, 'main.1.log'), join(dir, 'main.2.log')]);
  });

  it('continues the existing file after a restart and cuts a line longer than a file', async () => {
    openRotatingFile({ dir, maxBytes: 2048 }).write('before restart');
    const again = openRotatingFile({ dir, maxBytes: 2048 });
    again.write('after restart');
    again.write('y'.repeat(5000));
    const files = (await readdir(dir)).sort();
    expect(files).toEqual(['main.1.log', 'main.log']);
    expect(await readFile(join(dir, 'main.1.log'), 'utf8')).toBe('before restart\nafter restart\n');
    const cut = await readFile(join(dir, 'main.log'), 'utf8');
    expect(cut.length).toBeLessThanOrEqual(2048);
    expect(cut).toMatch(/… \[cut\]\n$/);
  });

  it('routes console.* into the file, redacted and stamped, and can be undone', async () => {
    const file = openRotatingFile({ dir });
    const logger = createLogger(file, () => Date.UTC(2025, 0, 2, 3, 4, 5));
    const printed: string[] = [];
    const fake = {
      log: (...a: unknown[]) => printed.push(`log ${a.join(' ')}`),
      info: (...a: unknown[]) => printed.push(`info ${a.join(' ')}`),
      warn: (...a: unknown[]) => printed.push(`warn ${a.join(' ')}`),
      error: (...a: unknown[]) => printed.push(`error ${a.join(' ')}`),
      debug: (...a: unknown[]) => printed.push(`debug ${a.join(' ')}`),
    };
    const undo = routeConsole(logger, fake, true);
    fake.warn('[gameops] tokens kept in memory:', { password: 'pw', why: 'no keychain' });
    fake.error('sign-in failed', new Error('password=hunter2 refused'));
    undo();
    fake.log('after undo');
    const text = await readFile(file.path, 'utf8');
    expect(text).toContain('2025-01-02T03:04:05.000Z [warn] [gameops] tokens kept in memory:');
    expect(text).toContain('"why":"no keychain"');
    expect(text).toContain('[error] sign-in failed Error: password="[redacted]" refused');
    expect(text).not.toMatch(/hunter2|"pw"/);
    expect(text).not.toContain('after undo');
    expect(printed[0]).toContain('[redacted]');
    expect(printed.at(-1)).toBe('log after undo');
  });
});
