import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * scripts/prerequisites.sh, as a newcomer meets it: sourced by `npm run setup` and `npm test`,
 * run here in bash with a fake `node` first on PATH, or with the look-ups of this machine
 * replaced, so that each missing piece can be seen named with the command that brings it.
 */
const root = fileURLToPath(new URL('../', import.meta.url));
const script = join(root, 'scripts/prerequisites.sh');

function run(before: string, env: Record<string, string> = {}): { code: number; err: string; out: string } {
  const res = spawnSync(
    '/bin/bash',
    [
      '-c',
      `. "${script}"\n${before}\nprerequisites; rc=$?\necho "CHROMIUM_PATH=\${CHROMIUM_PATH:-}"\nexit $rc`,
    ],
    {
      encoding: 'utf8',
      env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: tmpdir(), ...env },
    },
  );
  return { code: res.status ?? -1, err: res.stderr, out: res.stdout };
}

/** A folder holding a `node` that claims to be the given version. */
function fakeNode(version: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'gameops-fake-node-'));
  const node = join(dir, 'node');
  writeFileSync(
    node,
    `#!/bin/sh\nif [ "$1" = --version ]; then echo v${version}; exit 0; fi\n` +
      `[ "$1" = -e ] && case "${version}" in 2[4-9]*) exit 0 ;; *) exit 1 ;; esac\nexit 0\n`,
  );
  chmodSync(node, 0o755);
  return dir;
}

describe('the set-up check (scripts/prerequisites.sh)', () => {
  it('stops on an old Node with the one line that fixes it', () => {
    const dir = fakeNode('20.20.2');
    const res = run('', { PATH: `${dir}:/usr/bin:/bin` });
    expect(res.code).toBe(1);
    expect(res.err).toContain('needs Node.js 24');
    expect(res.err).toContain('v20.20.2');
    expect(res.err).toContain('nvm install');
    expect(res.err).toContain('. scripts/use-node.sh');
  });

  it('names each missing piece with the exact command for this system when it may not install', () => {
    const dir = fakeNode('24.1.0');
    const res = run(
      [
        '_find_chromium() { return 1; }',
        '_find_postgres_bin() { return 1; }',
        '_can_install() { return 1; }',
        '_os_family() { echo apt; }',
        '_is_ubuntu() { return 1; }',
      ].join('\n'),
      { PATH: `${dir}:/usr/bin:/bin` },
    );
    expect(res.code).toBe(1);
    expect(res.err).toContain('Chromium');
    expect(res.err).toContain('PostgreSQL');
    expect(res.err).toMatch(
      /Fix: {2}sudo apt-get update && sudo apt-get install -y --no-install-recommends chromium /,
    );
  });

  it('gives dnf and brew users their own command, and Ubuntu its Chromium package', () => {
    const dir = fakeNode('24.1.0');
    const stubs = ['_find_chromium() { return 1; }', '_can_install() { return 1; }'];
    const dnf = run([...stubs, '_os_family() { echo dnf; }'].join('\n'), { PATH: `${dir}:/usr/bin:/bin` });
    expect(dnf.err).toContain('sudo dnf install -y chromium');
    const brew = run([...stubs, '_os_family() { echo brew; }'].join('\n'), { PATH: `${dir}:/usr/bin:/bin` });
    expect(brew.err).toContain('brew install');
    const ubuntu = run([...stubs, '_os_family() { echo apt; }', '_is_ubuntu() { return 0; }'].join('\n'), {
      PATH: `${dir}:/usr/bin:/bin`,
    });
    expect(ubuntu.err).toContain('chromium-browser');
  });

  it('finds Chromium by the usual names and exports it for the tests', () => {
    const dir = fakeNode('24.1.0');
    const browser = join(dir, 'chromium-browser');
    writeFileSync(browser, '#!/bin/sh\n');
    chmodSync(browser, 0o755);
    // Only the fake folder on PATH: the machine's own Chromium must not be found first.
    const res = run(
      [
        '_os_family() { echo apt; }',
        '_check_system() { MISSING=(); CHROMIUM_PATH=$(_find_chromium) && export CHROMIUM_PATH; }',
      ].join('\n'),
      { PATH: dir, CHROMIUM_PATH: '' },
    );
    expect(res.code).toBe(0);
    expect(res.out).toContain(`CHROMIUM_PATH=${browser}`);
  });

  it('installs wrk where it may, apart from what is needed, and never stops for it', () => {
    const dir = fakeNode('24.1.0');
    const log = join(dir, 'sudo.log');
    // Only the fake folder on PATH: no wrk. The fake sudo records and installs nothing.
    const stubs = [
      '_os_family() { echo apt; }',
      '_check_system() { MISSING=(); }',
      '_can_install() { return 0; }',
      `_sudo() { echo "$*" >> "${log}"; }`,
    ];
    const res = run(stubs.join('\n'), { PATH: dir });
    expect(res.code).toBe(0);
    const calls = readFileSync(log, 'utf8').trim().split('\n');
    expect(calls[0]).toContain('apt-get update');
    expect(calls[1]).toMatch(/apt-get install .*--no-install-recommends wrk$/);
    expect(calls).toHaveLength(2);
    expect(res.err).toContain('the throughput bench then loads the server from Node');
  });

  it('names a missing wrk with its command where it may not install, and passes', () => {
    const dir = fakeNode('24.1.0');
    const stubs = ['_check_system() { MISSING=(); }', '_can_install() { return 1; }'];
    const apt = run([...stubs, '_os_family() { echo apt; }'].join('\n'), { PATH: dir });
    expect(apt.code).toBe(0);
    expect(apt.err).toContain('To add it:  sudo apt-get install -y --no-install-recommends wrk');
    const dnf = run([...stubs, '_os_family() { echo dnf; }'].join('\n'), { PATH: dir });
    expect(dnf.code).toBe(0);
    expect(dnf.err).toContain('To add it:  sudo dnf install -y wrk');
  });

  it('is the one list of packages: .ci/run installs nothing of its own', () => {
    const ci = readFileSync(join(root, '.ci/run'), 'utf8');
    expect(ci).not.toMatch(/apt-get|dnf|brew/);
    expect(ci).toContain('npm run setup');
    expect(ci).toContain('npm test');
  });
});
