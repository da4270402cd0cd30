import { codeName, codeText, type Language } from '../../shared/codes.js';
import type { ResultError } from '../../shared/envelope.js';

/**
 * What an operator reads about a failed call: the catalogue's text for the code (what happened
 * and what to do), then the server's own message when it adds something, then field problems.
 */
export interface ErrorLines {
  summary: string;
  detail: string | null;
  issues: string[];
  code: number;
}

export function errorLines(error: ResultError, lang: Language): ErrorLines {
  const summary = codeText(error.code, lang);
  const message = error.message.trim();
  // An ApiError without a message carries its code's name; that says nothing new.
  const redundant = message === '' || message === summary || message === codeName(error.code);
  return {
    summary,
    detail: redundant ? null : message,
    issues: (error.details ?? []).map((d) => `${d.path}: ${d.message}`),
    code: error.code,
  };
}

/** One line, for toasts. */
export function errorSentence(error: ResultError, lang: Language): string {
  const { summary, detail } = errorLines(error, lang);
  return detail ? `${summary} (${detail})` : summary;
}
