'use strict';
/**
 * electron-builder's custom Windows signing hook (win.signtoolOptions.sign, set by
 * scripts/dist.ts when WIN_SIGN_COMMAND is set): for cloud signing services whose certificates
 * cannot be exported as a .pfx (DigiCert KeyLocker, SSL.com eSigner, Google Cloud KMS, a HSM...).
 * WIN_SIGN_COMMAND is run through the shell once per file, with the file's path in the
 * environment as GAMEOPS_SIGN_FILE (never pasted into the command, so no file name can inject
 * anything), e.g.
 *   WIN_SIGN_COMMAND='smctl sign --keypair-alias "$SM_KEYPAIR_ALIAS" --input "$GAMEOPS_SIGN_FILE"'
 * The command's secrets come from the release machine's environment, like everything else.
 */
const { spawnSync } = require('node:child_process');

async function sign(configuration) {
  const command = process.env.WIN_SIGN_COMMAND;
  if (!command || !command.trim()) throw new Error('WIN_SIGN_COMMAND is not set: nothing can sign this file');
  const file = configuration.path;
  const result = spawnSync(command, {
    shell: true,
    stdio: 'inherit',
    env: { ...process.env, GAMEOPS_SIGN_FILE: file, GAMEOPS_SIGN_HASH: configuration.hash || 'sha256' },
  });
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`WIN_SIGN_COMMAND failed (exit ${result.status}) for ${file}`);
}

module.exports = sign;
module.exports.default = sign;
