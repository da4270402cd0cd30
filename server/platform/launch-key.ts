import { createHash, timingSafeEqual } from 'node:crypto';
import { Codes } from '../../shared/codes.js';
import { problem, type Problem } from '../http/problem.js';

/**
 * The desktop app's embedded backend answers main alone: main makes a random key at each launch
 * and sends it in EMBEDDED_KEY_HEADER on every request (shared/constants.ts). Any other local
 * user or web page can reach the loopback port, but not the key.
 */

/** Shorter keys could be guessed; main makes 32 random bytes. */
export const MIN_LAUNCH_KEY_LENGTH = 32;

const digest = (s: string): Buffer => createHash('sha256').update(s, 'utf8').digest();

/**
 * A check of the header against the key. Both are hashed first, so the comparison takes the same
 * time whatever the length or content of what was sent.
 */
export function launchKeyCheck(key: string): (sent: string | string[] | undefined) => boolean {
  if (key.length < MIN_LAUNCH_KEY_LENGTH) {
    throw new Error(`the launch key must be at least ${MIN_LAUNCH_KEY_LENGTH} characters long`);
  }
  const expected = digest(key);
  return (sent) => typeof sent === 'string' && timingSafeEqual(digest(sent), expected);
}

export function launchKeyRefused(): Problem {
  return problem(
    Codes.UNAUTHENTICATED,
    'This is the GameOps Console’s embedded backend: it answers the console that started it, and ' +
      'nothing else (the request lacks the console’s launch key)',
    '这是 GameOps 控制台的内置后端，只响应启动它的控制台（请求缺少控制台的启动密钥）',
  );
}
