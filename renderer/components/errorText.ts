import { Codes, LANGUAGES, codeName, codeText, type Language } from '../../shared/codes.js';
import type { ResultError } from '../../shared/envelope.js';

/**
 * What an operator reads about a failed call: the catalogue's text for the code (what happened
 * and what to do), then the server's own message when it adds something, then field problems.
 * A failure the console met itself (9xxxx: the server could not be reached or understood) has
 * no server words, only main's technical account (`GET http://…: ECONNREFUSED 127.0.0.1:…`):
 * that is kept apart, for a details disclosure, so the operator reads their own language first.
 */
export interface ErrorLines {
  summary: string;
  detail: string | null;
  technical: string | null;
  issues: string[];
  code: number;
  /** The backend's id of the call, for support (null when no backend answered). */
  requestId: string | null;
}

/** The console's own failures: no server said anything (shared/codes.ts groups them as 9xxxx). */
const isConsoleSide = (code: number): boolean => code >= 90000 && code < 100000;

/**
 * Main's message for its own failures is "<the code's text> (<what happened>)", in the language
 * of the moment it was made; the text part is said already, so only what happened is kept.
 */
function technicalPart(code: number, message: string): string {
  for (const lang of LANGUAGES) {
    const text = codeText(code, lang);
    if (message.startsWith(`${text} (`) && message.endsWith(')')) return message.slice(text.length + 2, -1);
  }
  return message;
}

export function errorLines(error: ResultError, lang: Language): ErrorLines {
  const summary = codeText(error.code, lang);
  const message = error.message.trim();
  // An ApiError without a message carries its code's name; that says nothing new.
  const redundant =
    message === '' ||
    LANGUAGES.some((l) => codeText(error.code, l) === message) ||
    message === codeName(error.code);
  const consoleSide = isConsoleSide(error.code);
  return {
    summary,
    detail: redundant || consoleSide ? null : message,
    technical: redundant || !consoleSide ? null : technicalPart(error.code, message),
    issues: (error.details ?? []).map((d) => `${d.path}: ${d.message}`),
    code: error.code,
    requestId: error.requestId ?? null,
  };
}

/** One line, for toasts: the technical account of a console-side failure is left out. */
export function errorSentence(error: ResultError, lang: Language): string {
  const { summary, detail } = errorLines(error, lang);
  return detail ? `${summary} (${detail})` : summary;
}

/** Failures outside the 5xxxx group that asking again can mend. */
const RETRYABLE: ReadonlySet<number> = new Set([
  Codes.NETWORK,
  Codes.TIMEOUT,
  Codes.REQUEST_TIMEOUT,
  Codes.RATE_LIMITED,
]);

/**
 * Whether asking again may succeed: the network, a timeout, a busy or failed server (5xxxx, a
 * foreign backend's too). Not found, invalid input, a refused role or a sign-in problem answer
 * the same however often they are asked, so no Try again is offered for them.
 */
export function isRetryable(code: number): boolean {
  return RETRYABLE.has(code) || (code >= 50000 && code < 60000);
}
