import { existsSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { REPO } from './release-config.js';
import { UPDATE_KEYS_FILE, createUpdateKey } from './update-signing.js';

/**
 * `npm run update-key -- --out PATH [--add]`: makes the Ed25519 key pair that signs updates
 * (main/updater/signature.ts). The private key goes to PATH (PKCS#8 PEM, readable by its owner
 * only), outside the repository: keep it offline or in the release machine's secret store, never
 * on the update feed's host. The public key goes into build/update-signing-keys.json, which the
 * app is built with: it replaces the keys there, or with --add joins them (to move to a new key:
 * releases signed by either install, until the old one is removed).
 */

const args = process.argv.slice(2);
const outAt = args.indexOf('--out');
const out = outAt >= 0 ? args[outAt + 1] : undefined;
if (!out) {
  console.error('usage: npm run update-key -- --out /safe/place/gameops-update-key.pem [--add]');
  process.exit(2);
}
const target = resolve(out);
if (!relative(REPO, target).startsWith('..')) {
  console.error(`[update-key] ${target} is inside the repository: keep the private key outside it`);
  process.exit(2);
}
if (existsSync(target)) {
  console.error(`[update-key] ${target} exists: not overwritten`);
  process.exit(2);
}
createUpdateKey({ privateKeyPath: target, add: args.includes('--add') });
console.log(`[update-key] private key: ${target} (set GAMEOPS_UPDATE_SIGNING_KEY to it when releasing)`);
console.log(`[update-key] public key added to ${relative(REPO, UPDATE_KEYS_FILE)}: commit it`);
