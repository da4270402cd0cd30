/**
 * What never reaches a log file: tokens (access, refresh, the launch key, any bearer value),
 * passwords, cookies, and the free text operators type as reasons and notes (personal data the
 * audit log keeps, with its access rules; a log file has none). Applied to every line main
 * writes, whatever called console.* or the logger.
 */

export const REDACTED = '[redacted]';

/** Keys whose values are secret or personal, whatever their type. Compared without case, - or _. */
const SECRET_KEYS = new Set(
  [
    'password',
    'passwd',
    'newPassword',
    'oldPassword',
    'token',
    'accessToken',
    'refreshToken',
    'idToken',
    'authorization',
    'cookie',
    'setCookie',
    'secret',
    'launchKey',
    'xGameopsLaunchKey',
    'apiKey',
    'reason',
    'note',
    'notes',
    'comment',
  ].map(normKey),
);

function normKey(key: string): string {
  return key.replace(/[-_\s]/g, '').toLowerCase();
}

export function isSecretKey(key: string): boolean {
  return SECRET_KEYS.has(normKey(key));
}

const TEXT_RULES: readonly [RegExp, string | ((...m: string[]) => string)][] = [
  // Authorization headers in any spelling: "Bearer abc", "authorization: Basic xyz".
  [/\b(Bearer|Basic)\s+[^\s"',;]+/gi, (_m, scheme) => `${scheme} ${REDACTED}`],
  // Our access tokens (v1.<claims>.<mac>) and JWTs (eyJ...), wherever they appear.
  [/\bv1\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g, REDACTED],
  [/\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}(?:\.[A-Za-z0-9_-]*)?/g, REDACTED],
  // Any other long run of base64url or hex with letters and digits: refresh tokens, keys.
  [/[A-Za-z0-9_-]{32,}/g, (m) => (/\d/.test(m) && /[A-Za-z]/.test(m) ? REDACTED : m)],
];

/** A line of text with every secret the rules know replaced. */
export function redactText(text: string): string {
  // Free text after "reason:" or "note=" unquoted runs to the end of the line (before the pairs,
  // which would stop at its first space).
  let out = text.replace(
    /\b(reason|notes?|comment)(\s*[:=]\s*)(?!["'\s])[^\n]*/gi,
    (_m, key: string, sep: string) => `${key}${sep}"${REDACTED}"`,
  );
  out = redactPairs(out);
  for (const [re, by] of TEXT_RULES) out = out.replace(re, by as (...m: string[]) => string);
  return out;
}

const KEY_BEFORE_VALUE = /(["']?)([A-Za-z][\w-]*)\1(\s*[:=]\s*)/g;

/**
 * key=value and "key": "value" pairs of the secret keys (query strings, JSON, headers). Only the
 * key and its separator are matched, and the value is measured by hand, so a pair that is itself
 * the value of another ("Error: password=x") is still found.
 */
function redactPairs(text: string): string {
  let out = '';
  let from = 0;
  KEY_BEFORE_VALUE.lastIndex = 0;
  for (let m = KEY_BEFORE_VALUE.exec(text); m; m = KEY_BEFORE_VALUE.exec(text)) {
    if (!isSecretKey(m[2] ?? '')) {
      // Look again just after this key, where the next pair may start.
      KEY_BEFORE_VALUE.lastIndex = m.index + (m[1] ?? '').length + (m[2] ?? '').length;
      continue;
    }
    const valueStart = m.index + m[0].length;
    const valueEnd = endOfValue(text, valueStart);
    if (valueEnd === valueStart) continue;
    out += `${text.slice(from, valueStart)}"${REDACTED}"`;
    from = valueEnd;
    KEY_BEFORE_VALUE.lastIndex = valueEnd;
  }
  return out + text.slice(from);
}

function endOfValue(text: string, start: number): number {
  const quote = text[start];
  if (quote === '"' || quote === "'") {
    for (let i = start + 1; i < text.length; i++) {
      if (text[i] === '\\') i++;
      else if (text[i] === quote) return i + 1;
    }
    return text.length;
  }
  const stop = /[\s&,;}\]]/.exec(text.slice(start));
  return stop ? start + stop.index : text.length;
}

/**
 * A value made safe to log: secret keys' values replaced, strings through redactText, errors as
 * their (redacted) message and stack; cycles and deep nesting summarised rather than thrown on.
 */
export function redactValue(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (typeof value === 'string') return redactText(value);
  if (value === null || typeof value !== 'object') {
    return typeof value === 'bigint' || typeof value === 'symbol' ? String(value) : value;
  }
  if (seen.has(value)) return '[cycle]';
  if (depth > 6) return '[nested]';
  seen.add(value);
  if (value instanceof Error) {
    const out: Record<string, unknown> = { name: value.name, message: redactText(value.message) };
    if (value.stack) out['stack'] = redactText(value.stack);
    const code = (value as { code?: unknown }).code;
    if (code !== undefined) out['code'] = redactValue(code, depth + 1, seen);
    return out;
  }
  if (Array.isArray(value)) return value.slice(0, 100).map((v) => redactValue(v, depth + 1, seen));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] = isSecretKey(k) && v !== null && v !== undefined ? REDACTED : redactValue(v, depth + 1, seen);
  }
  return out;
}

/** console.log-style arguments as one redacted line. */
export function formatLogArgs(args: readonly unknown[]): string {
  return args
    .map((a) => {
      if (typeof a === 'string') return redactText(a);
      const safe = redactValue(a);
      if (safe && typeof safe === 'object' && 'stack' in safe && typeof safe.stack === 'string') {
        return safe.stack;
      }
      try {
        return typeof safe === 'object' ? JSON.stringify(safe) : String(safe);
      } catch {
        return '[unprintable]';
      }
    })
    .join(' ')
    .replace(/\r?\n(?=\S)/g, '\n    ');
}
