import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseMillis, parsePort } from '../options.js';
import { INTERNAL_ENV, SERVER_SETTINGS } from './settings.js';

/**
 * The deployment recipes (deploy/), read as their tools read them: the container recipe, the
 * systemd unit and the example environment file name only settings the server reads (the list in
 * settings.ts, itself held to the server's code), set what a safe deployment needs (an
 * unprivileged user, a read-only system with one writable data folder, a health check, a stop
 * that outlasts the server's own), and the unit passes `systemd-analyze verify`. Docker is not
 * needed: the image itself is not built here (no network at test time).
 */

const repo = fileURLToPath(new URL('../..', import.meta.url));
const read = (path: string) => readFileSync(join(repo, path), 'utf8');
const known = new Set(SERVER_SETTINGS.map((s) => s.env));
const knownFlags = new Set(SERVER_SETTINGS.flatMap((s) => (s.flag ? [s.flag] : [])));

/** Lines of a recipe with continuations joined and comments dropped. */
function logicalLines(text: string): string[] {
  return text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));
}

/** `NAME=value` pairs of an ENV instruction or an env file line (values may be quoted). */
function assignments(text: string): [string, string][] {
  return [...text.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("[^"]*"|\S*)/g)].map((m) => [
    m[1] ?? '',
    (m[2] ?? '').replace(/^"|"$/g, ''),
  ]);
}

/** Environment variables a piece of code or a command reads. */
const envReads = (text: string) =>
  [...text.matchAll(/process\.env(?:\.([A-Za-z_][A-Za-z0-9_]*)|\[['"]([A-Za-z0-9_]+)['"]\])/g)].map(
    (m) => m[1] ?? m[2] ?? '',
  );

interface Stage {
  from: string;
  name: string | undefined;
  lines: { op: string; args: string }[];
}

function containerStages(text: string): { args: Map<string, string>; stages: Stage[] } {
  const args = new Map<string, string>();
  const stages: Stage[] = [];
  for (const line of logicalLines(text)) {
    const [op = '', ...rest] = line.split(/\s+/);
    const argText = rest.join(' ');
    if (op.toUpperCase() === 'FROM') {
      const m = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(argText);
      stages.push({ from: m?.[1] ?? '', name: m?.[2], lines: [] });
    } else if (stages.length === 0 && op.toUpperCase() === 'ARG') {
      for (const [k, v] of assignments(argText)) args.set(k, v);
    } else {
      stages.at(-1)?.lines.push({ op: op.toUpperCase(), args: argText });
    }
  }
  return { args, stages };
}

/** A systemd unit's sections as lists of key and value (keys repeat: Environment=). */
function unitSections(text: string): Map<string, [string, string][]> {
  const sections = new Map<string, [string, string][]>();
  let current: [string, string][] = [];
  for (const line of logicalLines(text)) {
    const section = /^\[(.+)\]$/.exec(line);
    if (section) {
      current = [];
      sections.set(section[1] ?? '', current);
      continue;
    }
    const eq = line.indexOf('=');
    current.push([line.slice(0, eq), line.slice(eq + 1)]);
  }
  return sections;
}

/** A systemd time span (`20s`, `1min 30s`, `500ms`, a bare number of seconds) in ms. */
function spanMs(text: string): number {
  const units: Record<string, number> = { ms: 1, s: 1000, sec: 1000, min: 60_000, m: 60_000 };
  let total = 0;
  for (const m of text.matchAll(/(\d+(?:\.\d+)?)\s*([a-z]*)/g))
    total += Number(m[1]) * (units[m[2] || 's'] ?? NaN);
  return total;
}

describe('the settings the server reads', () => {
  it('lists every environment variable the server code reads, and reads every one it lists', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const e of readdirSync(dir)) {
        const p = join(dir, e);
        if (statSync(p).isDirectory()) walk(p);
        else if (/\.ts$/.test(e) && !/\.test\.ts$|test-kit\.ts$/.test(e)) files.push(p);
      }
    };
    walk(join(repo, 'server'));
    const read = new Set<string>();
    for (const f of files) {
      if (f === fileURLToPath(new URL('./settings.ts', import.meta.url))) continue;
      const text = readFileSync(f, 'utf8');
      for (const name of envReads(text)) read.add(name);
      // Names handed to a reader (flagOrEnv, a constant, the cluster's fork) as a whole literal.
      for (const m of text.matchAll(/['"`]((?:GAMEOPS|DATABASE|LOG)_[A-Z0-9_]+)['"`]/g)) read.add(m[1] ?? '');
    }
    const listed = new Set([...known, ...INTERNAL_ENV]);
    const unlisted = [...read].filter((n) => !listed.has(n));
    expect(unlisted, 'read by the server but not in server/serve/settings.ts').toEqual([]);
    // The payment providers' names are made from their table (payments/keys.ts), not written out.
    const readOrDerived = (n: string) => read.has(n) || n.startsWith('GAMEOPS_PAY_');
    expect(
      [...listed].filter((n) => !readOrDerived(n)),
      'listed but read nowhere',
    ).toEqual([]);
  });
});

describe("the README's table of settings", () => {
  it('has a row for every setting, and for nothing else', () => {
    const readme = read('README.md');
    const table = readme.slice(readme.indexOf('### Every setting'), readme.indexOf('### The container'));
    const names = table
      .split('\n')
      .filter((l) => l.startsWith('| `'))
      .flatMap((row) => {
        const cell = row.split('|')[1] ?? '';
        const tokens = [...cell.matchAll(/`([A-Z_][A-Z0-9_]*)`/g)].map((m) => m[1] ?? '');
        // `GAMEOPS_PAY_WECHAT_MCHID`, `_APPID`: a suffix shares the first name's provider prefix.
        const prefix = /^GAMEOPS_PAY_[A-Z]+/.exec(tokens[0] ?? '')?.[0] ?? '';
        return tokens.map((t) => (t.startsWith('_') ? `${prefix}${t}` : t));
      });
    expect(names.sort()).toEqual([...known].sort());
  });
});

describe('the example environment file (deploy/gameops.env.example)', () => {
  const text = read('deploy/gameops.env.example');
  const named = [...text.matchAll(/^(?:# )?([A-Z][A-Z0-9_]*)=(.*)$/gm)].map(
    (m) => [m[1] ?? '', m[2] ?? ''] as const,
  );

  it('names every setting once, and nothing else', () => {
    const names = named.map(([n]) => n);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual([...known].sort());
  });

  it('gives values the server accepts', () => {
    const set = new Map(text.split('\n').flatMap((l) => assignments(l.startsWith('#') ? '' : l)));
    expect(parsePort(set.get('GAMEOPS_PORT'), 0)).toBe(8787);
    expect(parseMillis('stop', set.get('GAMEOPS_STOP_TIMEOUT_MS'), 0)).toBeGreaterThan(0);
  });
});

describe('the container recipe (deploy/Containerfile)', () => {
  const { args, stages } = containerStages(read('deploy/Containerfile'));
  const run = stages.at(-1);
  if (!run) throw new Error('the Containerfile has no stage');
  const of = (op: string) => run.lines.filter((l) => l.op === op).map((l) => l.args);
  const env = new Map(of('ENV').flatMap(assignments));

  it('builds in stages on Node 24 and runs only the bundle and its run-time packages', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    const image = (from: string) => from.replace(/^\$\{(\w+)\}$/, (_, a: string) => args.get(a) ?? '');
    for (const s of stages) expect(image(s.from)).toMatch(/^node:24[.-]/);
    expect(
      stages.some((s) => s.lines.some((l) => l.op === 'RUN' && l.args.includes('npm run build:server'))),
    ).toBe(true);
    const copied = of('COPY').map((a) => a.replace(/^--from=\S+\s+/, '').split(/\s+/)[0]);
    expect(copied.sort()).toEqual(['/app/node_modules', '/src/dist-server', 'package.json']);
    expect(of('ENTRYPOINT')[0]).toMatch(/"node",\s*"dist-server\/server\.js"/);
  });

  it('names only settings the server reads', () => {
    expect([...env.keys()].filter((n) => !known.has(n))).toEqual([]);
    const health = of('HEALTHCHECK').join(' ');
    expect(envReads(health).filter((n) => !known.has(n))).toEqual([]);
  });

  it('runs unprivileged, writes only its data volume, listens where it exposes, checks /health', () => {
    const user = of('USER').at(-1) ?? 'root';
    expect(['root', '0', '0:0']).not.toContain(user);
    expect(of('VOLUME').join(' ')).toContain(`"${env.get('GAMEOPS_DATA_DIR')}"`);
    expect(env.get('GAMEOPS_HOST')).toBe('0.0.0.0');
    expect(of('EXPOSE')).toEqual([env.get('GAMEOPS_PORT')]);
    expect(of('HEALTHCHECK').join(' ')).toMatch(/CMD .*\/health/);
    expect(of('STOPSIGNAL')).toEqual(['SIGTERM']);
    // `docker stop` kills after 10 s: the server's own bound is inside it.
    expect(Number(env.get('GAMEOPS_STOP_TIMEOUT_MS'))).toBeLessThan(10_000);
  });
});

describe('the systemd unit (deploy/gameops-server.service)', () => {
  const path = join(repo, 'deploy/gameops-server.service');
  const service = unitSections(readFileSync(path, 'utf8')).get('Service') ?? [];
  const all = (key: string) => service.filter(([k]) => k === key).map(([, v]) => v);
  const one = (key: string) => all(key).at(-1);
  const env = new Map(all('Environment').flatMap(assignments));

  it('names only settings and flags the server knows', () => {
    expect([...env.keys()].filter((n) => !known.has(n))).toEqual([]);
    const flags = (one('ExecStart') ?? '').split(/\s+/).filter((w) => w.startsWith('--'));
    expect(flags.filter((f) => !knownFlags.has(f))).toEqual([]);
    expect(one('ExecStart')).toMatch(/^\/usr\/bin\/node \S+\/dist-server\/server\.js serve$/);
    expect(one('EnvironmentFile')).toMatch(/^-?\//);
  });

  it('runs unprivileged on a read-only system with its data folder writable', () => {
    expect(one('User')).toBeTruthy();
    expect(one('User')).not.toBe('root');
    expect(one('ProtectSystem')).toBe('strict');
    expect(one('NoNewPrivileges')).toBe('yes');
    expect((one('ReadWritePaths') ?? '').split(/\s+/)).toContain(env.get('GAMEOPS_DATA_DIR'));
  });

  it('restarts on failure and waits for a stop longer than the server does', () => {
    expect(one('Restart')).toBe('on-failure');
    expect(one('KillSignal')).toBe('SIGTERM');
    const stopMs = spanMs(one('TimeoutStopSec') ?? '');
    expect(stopMs).toBeGreaterThan(Number(env.get('GAMEOPS_STOP_TIMEOUT_MS')));
    // The example file may set its own bound: the unit outlasts that too.
    const example = /^GAMEOPS_STOP_TIMEOUT_MS=(\d+)$/m.exec(read('deploy/gameops.env.example'))?.[1];
    expect(stopMs).toBeGreaterThan(Number(example));
  });

  const missing = spawnSync('systemd-analyze', ['--version'], { encoding: 'utf8' }).error !== undefined;
  // Said in the test's name when the tool is missing, rather than passed in silence.
  const name = `passes systemd-analyze verify${missing ? ' (skipped: systemd-analyze is not installed here)' : ''}`;
  it.skipIf(missing)(name, () => {
    const dir = mkdtempSync(join(tmpdir(), 'gameops-unit-'));
    try {
      const copy = join(dir, 'gameops-server.service');
      copyFileSync(path, copy);
      const r = spawnSync('systemd-analyze', ['verify', copy], { encoding: 'utf8' });
      // Where the machine has no /usr/bin/node, that one line is about the machine, not the unit.
      const lines = r.stderr
        .split('\n')
        .filter((l) => l.trim() !== '')
        .filter((l) => existsSync('/usr/bin/node') || !l.includes('/usr/bin/node'));
      expect(lines.map((l) => relative(dir, l))).toEqual([]);
      if (existsSync('/usr/bin/node')) expect(r.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
