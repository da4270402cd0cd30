/**
 * What never reaches a log file: tokens (access, refresh, pay-server, the launch key, any bearer
 * or basic credentials), keys (the secrets key, platform and signing keys, PEM private keys),
 * passwords (as pairs and in prose), cookies, phone numbers, and the free text operators type as
 * reasons and notes (personal data the audit log keeps, with its access rules; a log file has
 * none). Applied to every line main writes, whatever called console.* or the logger, and to the
 * backend worker's output (main/backend/worker-output.ts).
 */

export const REDACTED = '[redacted]';

/**
 * Keys whose values are secret or personal, whatever their type. Compared without case, - or _;
 * a key also counts when it contains one of SECRET_PARTS (GAMEOPS_SECRETS_KEY, CSC_KEY_PASSWORD,
 * AZURE_CLIENT_SECRET, payToken...) or ends in "key" (key, apiV3Key, launchKey, privateKey).
 */
const SECRET_KEYS = new Set(
  [
    'authorization',
    'proxyAuthorization',
    'cookie',
    'setCookie',
    'secret',
    'cscLink',
    'winCscLink',
    'reason',
    'note',
    'notes',
    'comment',
    'phone',
    'mobile',
  ].map(normKey),
);

const SECRET_PARTS = ['password', 'passwd', 'passphrase', 'secret', 'token', 'credential', 'cookie'];

/** Keys whose value is everything to the end of the line: a header's credentials, every cookie. */
const WHOLE_LINE_KEYS = new Set(['authorization', 'proxyauthorization', 'cookie', 'setcookie']);

function normKey(key: string): string {
  return key.replace(/[-_\s]/g, '').toLowerCase();
}

export function isSecretKey(key: string): boolean {
  const k = normKey(key);
  return SECRET_KEYS.has(k) || SECRET_PARTS.some((p) => k.includes(p)) || k.endsWith('key');
}

/**
 * Applied before the key=value pairs: a pair would take only the scheme ("Authorization: Basic")
 * as its value and leave the credentials after it, or cut a PEM block at its first space.
 */
const FIRST_RULES: readonly Rule[] = [
  // A private key in PEM, whole or cut, with real or escaped (\n) line breaks.
  [/-----BEGIN ([A-Z ]*)PRIVATE KEY-----[\s\S]*?(?:-----END \1PRIVATE KEY-----|$)/g, REDACTED],
  // Credentials after an HTTP authorisation scheme, however short: "Bearer abc", "Basic dXNlcjpw".
  [
    /\b(Bearer|Basic)(\s+)(?!\[redacted\])[^\s"',;]+/gi,
    (_m, scheme, space) => `${scheme}${space}${REDACTED}`,
  ],
];

/** Applied after the pairs: secrets recognised by their shape wherever they are. */
const SHAPE_RULES: readonly Rule[] = [
  // Our access tokens (v1.<claims>.<mac>), pay-server tokens (pst_...) and JWTs (eyJ...).
  [/\bv1\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g, REDACTED],
  [/\bpst_[A-Za-z0-9_-]{8,}/g, REDACTED],
  [/\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}(?:\.[A-Za-z0-9_-]*)?/g, REDACTED],
  // Standard base64 with + or padding (a 32-byte key is 44 characters ending in =), whose / would
  // otherwise cut it into runs too short for the next rule.
  [
    /[A-Za-z0-9+/]{30,}={0,2}/g,
    (m) => (/[+]|=$/.test(m) && /\d/.test(m) && /[A-Za-z]/.test(m) ? REDACTED : m),
  ],
  // Any other long run of base64url or hex with letters and digits: refresh tokens, keys.
  [/[A-Za-z0-9_-]{32,}/g, (m) => (/\d/.test(m) && /[A-Za-z]/.test(m) ? REDACTED : m)],
  // Mobile phone numbers (personal data): Chinese mobiles, with or without +86, and any number
  // written in international form (+44 20 7946 0958).
  [/(?<![\w.+-])(?:\+?86[\s-]?)?1[3-9]\d(?:[\s-]?\d{4}){2}(?![\w.-])/g, REDACTED],
  [
    /(?<![\w+])\+[1-9]\d{0,2}(?:[\s-]?\(?\d{1,4}\)?){2,5}(?![\w-])/g,
    (m) => (m.replace(/\D/g, '').length >= 8 ? REDACTED : m),
  ],
];

type Rule = readonly [RegExp, string | ((...m: string[]) => string)];

const applyRules = (text: string, rules: readonly Rule[]): string =>
  rules.reduce((out, [re, by]) => out.replace(re, by as (...m: string[]) => string), text);

/**
 * Words that may follow "password" in prose without being one ("password reset for admin"); any
 * other word right after it is taken for the password ("password hunter2", "密码是 abc").
 */
const NOT_A_PASSWORD = new Set(
  'for of to and or the a an is was are were has have had not too must should will can may changed change reset resets expired expires required wrong incorrect invalid accepted rejected refused ok policy length hash hashed field set updated missing given empty'.split(
    ' ',
  ),
);

/** "password is hunter2", "the password hunter2", "密码：abc", "passwd 1234": the word after. */
function redactPasswordProse(text: string): string {
  return text.replace(
    /(\b(?:pass(?:word|wd|phrase)|pwd)s?\b|密码|口令)((?:\s+(?:is|was|of|=|:)|\s*[:=：是为])?\s*)(["'“]?)([^\s"'”,;:=][^\s"'”,;]*)/gi,
    (m, word: string, sep: string, quote: string, value: string) => {
      if (value === REDACTED || value.startsWith('"[redacted]') || value.startsWith('[redacted]')) return m;
      if (NOT_A_PASSWORD.has(value.toLowerCase()) && quote === '') return m;
      return `${word}${sep}${quote}${REDACTED}`;
    },
  );
}

/** A line of text with every secret the rules know replaced. */
export function redactText(text: string): string {
  // Free text after "reason:" or "note=" unquoted runs to the end of the line (before the pairs,
  // which would stop at its first space).
  let out = text.replace(
    /\b(reason|notes?|comment)(\s*[:=]\s*)(?!["'\s])[^\n]*/gi,
    (_m, key: string, sep: string) => `${key}${sep}"${REDACTED}"`,
  );
  out = applyRules(out, FIRST_RULES);
  out = redactPairs(out);
  out = redactPasswordProse(out);
  return applyRules(out, SHAPE_RULES);
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
    const valueEnd = endOfValue(text, valueStart, WHOLE_LINE_KEYS.has(normKey(m[2] ?? '')));
    if (valueEnd === valueStart) continue;
    out += `${text.slice(from, valueStart)}"${REDACTED}"`;
    from = valueEnd;
    KEY_BEFORE_VALUE.lastIndex = valueEnd;
  }
  return out + text.slice(from);
}

function endOfValue(text: string, start: number, wholeLine = false): number {
  const quote = text[start];
  if (quote === '"' || quote === "'") {
    for (let i = start + 1; i < text.length; i++) {
      if (text[i] === '\\') i++;
      else if (text[i] === quote) return i + 1;
    }
    return text.length;
  }
  const stop = (wholeLine ? /[\r\n]/ : /[\s&,;}\]]/).exec(text.slice(start));
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
