import { createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger, routeConsole } from './logger.js';
import { REDACTED, formatLogArgs, redactText, redactValue } from './redact.js';
import { openRotatingFile } from './rotating-file.js';
import { newLaunchKey } from '../backend/launcher.js';
import { newSecret } from '../host/guard.js';
import { WEB_BRIDGE_TOKEN_HEADER, WEB_LAUNCH_FRAGMENT } from '../../shared/ipc.js';
import { makeSandboxKeys } from '../../server/payments/keys.js';

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

/**
 * Whether any part of a secret survived: the whole of a short one, or any 12 characters of a
 * long one (a redactor that cut a key in two and replaced one half would still leak the other).
 */
function leaks(text: string, secret: string): boolean {
  if (secret.length < 16) return text.includes(secret);
  for (let i = 0; i + 12 <= secret.length; i++) if (text.includes(secret.slice(i, i + 12))) return true;
  return false;
}

describe('every secret the app holds, as it would be logged', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'gameops-secrets-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('never reaches the log file, through the logger or console.*', async () => {
    const b64url = (n: number) => randomBytes(n).toString('base64url');
    const claims = Buffer.from(JSON.stringify({ sub: 'admin', exp: 1 })).toString('base64url');
    const rsa = makeSandboxKeys('alipay').alipayPrivateKey ?? '';
    expect(rsa).toContain('PRIVATE KEY');
    const pemBody = rsa.split('\n').filter((l) => l && !l.startsWith('-----'));
    const secretsKey = randomBytes(32);
    const gameKey = Buffer.from(
      hkdfSync('sha256', secretsKey, Buffer.alloc(0), 'gameops game-server key|ymmj', 32),
    ).toString('hex');
    const wechat = makeSandboxKeys('payssion');
    const s = {
      access: `v1.${claims}.${b64url(32)}`,
      refresh: b64url(32),
      payServer: `pst_${b64url(32)}`,
      launchKey: newLaunchKey(),
      secretsKeyB64: secretsKey.toString('base64'),
      secretsKeyHex: randomBytes(32).toString('hex'),
      platformKey: `sk_live_${b64url(18)}`,
      shortPlatformKey: 'pk-7Hq2',
      password: 'hunter2!',
      prosePassword: 'Tr0ub4dor',
      zhPassword: 'mima8888',
      hostCookie: b64url(24),
      otherCookie: 'sid42x',
      bridgeSecret: newSecret(),
      basic: Buffer.from('payops:s3cr3t').toString('base64'),
      shortBearer: 'abc123',
      cscLink: randomBytes(600).toString('base64'),
      cscPassword: 'p12-pass',
      applePassword: 'abcd-efgh-ijkl-mnop',
      azureSecret: `Az~${b64url(24)}`,
      apiV3Key: 'QWERTYUIOPasdfghjklZXCVBNMqwerty',
      payssionSecret: wechat.secretKey,
      gameKey,
      hmac: createHmac('sha256', gameKey).update('ymmj').digest('hex'),
      phone: '13800000009',
      phoneDashed: '139-1234-5678',
      phoneIntl: '+86 137 1111 2222',
      phoneUk: '+44 20 7946 0958',
    };
    const file = openRotatingFile({ dir });
    const logger = createLogger(file);
    const quiet = (..._args: unknown[]) => undefined;
    const fake = { log: quiet, info: quiet, warn: quiet, error: quiet, debug: quiet };
    const undo = routeConsole(logger, fake);
    try {
      logger.info(`GET /api/v1/sr/users Authorization: Bearer ${s.access}`);
      logger.warn(`refresh failed for ${s.refresh}`);
      fake.error('[gameops] pay call', { headers: { authorization: `Bearer ${s.payServer}` } });
      fake.log(`[backend] pay.do answered with bearer ${s.payServer}`);
      logger.info(`x-gameops-launch-key: ${s.launchKey}`);
      fake.warn('[backend] env', { GAMEOPS_LAUNCH_KEY: s.launchKey });
      logger.error(`GAMEOPS_SECRETS_KEY=${s.secretsKeyB64} GAMEOPS_SECRETS_KEY=${s.secretsKeyHex}`);
      logger.error(`[backend] secrets key ${s.secretsKeyB64} could not be read`);
      fake.log('[backend] platform key saved', { game: 'ymmj', secret: s.platformKey });
      logger.info(`{"platform":"ios","secret":"${s.shortPlatformKey}","appId":"x"}`);
      logger.info(`{"account":"admin","password":"${s.password}"}`);
      logger.info(`sign-in for admin: password is ${s.prosePassword}, refused`);
      logger.info(`登录失败：密码是 ${s.zhPassword}`);
      logger.info(`Cookie: gameops_host_5173=${s.hostCookie}; other=${s.otherCookie}`);
      logger.info(`Set-Cookie: gameops_host_5173=${s.hostCookie}; HttpOnly; SameSite=Strict`);
      logger.info(`launch URL: http://127.0.0.1:5173/__launch?secret=${s.bridgeSecret}`);
      logger.info(`launch URL: http://127.0.0.1:5173/#${WEB_LAUNCH_FRAGMENT}=${s.bridgeSecret}`);
      logger.info(`${WEB_BRIDGE_TOKEN_HEADER}: ${s.hostCookie}`);
      fake.log('[host] bridge call', { headers: { [WEB_BRIDGE_TOKEN_HEADER.toLowerCase()]: s.hostCookie } });
      logger.warn(`proxy said Authorization: Basic ${s.basic}`);
      logger.warn(`authorization=Bearer ${s.shortBearer}`);
      logger.warn(`Authorization: Bearer ${s.shortBearer}`);
      logger.info(`CSC_LINK=${s.cscLink}`);
      logger.info(`CSC_KEY_PASSWORD=${s.cscPassword} APPLE_APP_SPECIFIC_PASSWORD=${s.applePassword}`);
      logger.info({ AZURE_CLIENT_SECRET: s.azureSecret });
      logger.info(`AZURE_CLIENT_SECRET=${s.azureSecret}`);
      logger.error('sandbox keys', JSON.stringify({ privateKey: rsa }));
      logger.error(`unexpected key material:\n${rsa}`);
      logger.info(`{"apiV3Key":"${s.apiV3Key}"} GAMEOPS_PAY_PAYSSION_SECRET_KEY=${s.payssionSecret}`);
      logger.info(`game-server key for ymmj: ${s.gameKey}`, `signature ${s.hmac}`);
      logger.info(`access request from ${s.phone}; call ${s.phoneDashed} or ${s.phoneIntl}, ${s.phoneUk}`);
      logger.info({ phone: s.phone, name: 'root' });
    } finally {
      undo();
    }
    const text = await readFile(file.path, 'utf8');
    for (const [name, secret] of Object.entries(s)) expect(leaks(text, secret), name).toBe(false);
    for (const line of pemBody) expect(leaks(text, line), 'PEM').toBe(false);
    // What says what happened stays.
    expect(text).toContain('GET /api/v1/sr/users Authorization:');
    expect(text).toContain('sign-in for admin: password is [redacted], refused');
    expect(text).toContain('"name":"root"');
    expect(text).toContain('"game":"ymmj"');
  });

  it('keeps prose that only mentions passwords, and numbers that are not phones', () => {
    for (const line of [
      'password reset for admin',
      'the password must be at least 8 characters',
      'Wrong account or password',
      'player 76561198000000007 at 2025-01-02T03:04:05.000+08:00, port 41001, order GOA20250102000001',
      'GET /api/v1/sr/admin/players/atomicwar/search?name=abc&page=2',
    ]) {
      expect(redactText(line)).toBe(line);
    }
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
