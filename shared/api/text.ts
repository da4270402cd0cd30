import type { FieldIssue } from '../envelope.js';

/**
 * The one rule for text that operators (or any client) send: every string of an input, its keys
 * included, holds no control character but tab, line feed and carriage return, and is well-formed
 * Unicode (no lone surrogate halves). A NUL would reach the database and fail there (PostgreSQL
 * text cannot hold one), taking the call's audit entry with it; other control characters forge
 * lines in logs and exports; a lone surrogate is silently turned into U+FFFD on the way to the
 * database, so what is stored is not what was sent.
 *
 * The server checks it before parsing any input, and main before sending, so no endpoint can
 * forget it. Field paths are given as zod gives them ("items.2.name").
 */

// eslint-disable-next-line no-control-regex -- control characters are exactly what this finds
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export const TEXT_RULE_MESSAGE =
  'holds a control character (such as NUL) or broken Unicode; remove it and send plain text';

/** Whether one string passes the rule. */
export function isCleanText(s: string): boolean {
  return !FORBIDDEN.test(s) && s.isWellFormed();
}

/** Every place in `value` where a string breaks the rule; empty when all is well. */
export function textIssues(value: unknown, path: readonly (string | number)[] = []): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const at = (p: readonly (string | number)[]) => p.join('.') || '(body)';
  const walk = (v: unknown, p: readonly (string | number)[], depth: number) => {
    // JSON from a careless client is never this deep; stop rather than recurse without end.
    if (depth > 32 || issues.length >= 20) return;
    if (typeof v === 'string') {
      if (!isCleanText(v)) issues.push({ path: at(p), message: TEXT_RULE_MESSAGE });
    } else if (Array.isArray(v)) {
      v.forEach((item, i) => walk(item, [...p, i], depth + 1));
    } else if (v !== null && typeof v === 'object') {
      for (const [k, item] of Object.entries(v)) {
        if (!isCleanText(k)) issues.push({ path: at([...p, '(key)']), message: TEXT_RULE_MESSAGE });
        else walk(item, [...p, k], depth + 1);
      }
    }
  };
  walk(value, path, 0);
  return issues;
}

/**
 * Text made safe to store whatever it holds: for the audit log, which must record a refused call
 * even when the refusal was about its text. Forbidden characters become U+FFFD.
 */
export function storableText(s: string): string {
  // eslint-disable-next-line no-control-regex -- see FORBIDDEN
  return s.toWellFormed().replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '\uFFFD');
}
