import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SIGNATURE_SUFFIX } from '../main/updater/signature.js';
import { REPO, buildPlatforms, loadBuilderConfig, releaseConfig } from './release-config.js';
import { signReleaseFiles } from './update-signing.js';

/**
 * `npm run dist [-- electron-builder options]`: electron-builder with electron-builder.yml as this
 * release machine's environment shapes it (scripts/release-config.ts). Says first what the build
 * will have: with GAMEOPS_UPDATE_URL unset it still builds, with no update feed and no updater.
 * Any option after `--` goes to electron-builder as is (`-- --linux`, `-- --mac --arm64`).
 * GAMEOPS_ELECTRON_DIST: an unpacked Electron to use instead of downloading one.
 */

const plan = releaseConfig(await loadBuilderConfig(), process.env, {
  platforms: buildPlatforms(process.argv.slice(2), process.platform),
});
for (const note of plan.notes) console.log(`[dist] ${note}`);
if (plan.problems.length > 0) {
  for (const p of plan.problems) console.error(`[dist] cannot build: ${p}`);
  process.exit(1);
}

// An Electron distribution already on this machine (an unpacked Electron folder), for release
// machines that cannot download Electron: electron-builder's electronDist option.
const localElectron = process.env['GAMEOPS_ELECTRON_DIST'];
if (localElectron) {
  plan.config['electronDist'] = localElectron;
  console.log(`[dist] Electron from ${localElectron} (GAMEOPS_ELECTRON_DIST), not downloaded`);
}

// electron-builder resolves the config's paths (build/, the signing hook) against the project,
// not against the config file, so the resolved config can live with the other build output.
const dir = join(REPO, 'release');
mkdirSync(dir, { recursive: true });
const resolved = join(dir, 'electron-builder.resolved.json');
writeFileSync(resolved, `${JSON.stringify(plan.config, null, 2)}\n`);

const args = ['electron-builder', '--config', resolved, ...process.argv.slice(2)];
// Publishing is a separate, deliberate step (README, "Building a signed release").
if (!args.includes('--publish') && !args.includes('-p')) args.push('--publish', 'never');
const run = spawnSync('npx', args, { cwd: REPO, stdio: 'inherit' });
if (run.status !== 0) process.exit(run.status ?? 1);

// The publisher's signature beside every update file (main/updater/signature.ts): installed
// copies refuse an update without one. Made here, on the release machine, never on the feed host.
if (plan.updateSigningKey) {
  const { version } = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { version: string };
  const signed = await signReleaseFiles(dir, plan.updateSigningKey, version);
  if (signed.length === 0) {
    console.error(`[dist] an update feed is set, but release/ holds no latest*.yml of ${version} to sign`);
    process.exit(1);
  }
  for (const file of signed) console.log(`[dist] signed ${file} (${file}${SIGNATURE_SUFFIX})`);
}
