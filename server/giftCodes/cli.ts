import { parseArgs } from 'node:util';
import { GAME_IDS, type GameId } from '../../shared/games.js';
import { DEFAULT_DATA_DIR } from '../options.js';
import { SECRETS_KEY_ENV, resolveSecretsKey } from '../platform/secrets-key.js';
import { gameServerKey } from './game-server-key.js';

/**
 * `server game-server-key GAME [--data DIR]`: the key GAME's servers sign redemptions with, as 64
 * hex digits, derived from this backend's secrets key (GAMEOPS_SECRETS_KEY, else the data
 * folder's secrets.key), exactly as the running backend derives it.
 */
export function gameServerKeyText(args: readonly string[], env: NodeJS.ProcessEnv): string {
  const { values, positionals } = parseArgs({
    args: [...args],
    options: { data: { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
  const game = positionals[0];
  if (!game || !(GAME_IDS as readonly string[]).includes(game)) {
    throw new Error(`game-server-key needs a game: one of ${GAME_IDS.join(', ')}`);
  }
  const postgres = Boolean(env['DATABASE_URL']);
  const state = resolveSecretsKey({
    kind: postgres ? 'postgres' : 'pglite',
    dataDir: postgres ? undefined : (values.data ?? DEFAULT_DATA_DIR),
    env,
  });
  if (!state.available) {
    throw new Error(
      `No secrets key: set ${SECRETS_KEY_ENV} (the same value the backend runs with) to print a game-server key`,
    );
  }
  return gameServerKey(state.key, game as GameId).toString('hex');
}
