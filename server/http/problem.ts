import { z } from 'zod';
import { ApiError, describeIssues, type FieldIssue } from '../../shared/envelope.js';
import { parseEndpointInput, type Endpoint } from '../../shared/api/endpoint.js';
import { Codes, codeName, codeText, type Language } from '../../shared/codes.js';

/**
 * Errors a handler throws, with their text in both languages; the response picks the caller's.
 * A plain ApiError (no custom text) is answered with the catalogue's text for its code.
 */
export type Texts = Record<Language, string>;

export class Problem extends ApiError {
  readonly texts: Texts;
  constructor(code: number, texts: Texts, details?: readonly FieldIssue[]) {
    super(code, texts.en, details);
    this.name = 'Problem';
    this.texts = texts;
  }
}

export function problem(code: number, en: string, zh: string, details?: readonly FieldIssue[]): Problem {
  return new Problem(code, { en, 'zh-CN': zh }, details);
}

/** The caller's language from Accept-Language: Chinese if they ask for it first, else English. */
export function languageOf(acceptLanguage: string | string[] | undefined): Language {
  const header = Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : (acceptLanguage ?? '');
  const first = header.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('zh') ? 'zh-CN' : 'en';
}

/** The Message of a failure envelope. */
export function messageOf(err: ApiError, lang: Language): string {
  if (err instanceof Problem) return err.texts[lang];
  // ApiError's default message is its code name: replace it with the catalogue's text.
  if (err.message === codeName(err.code) || err.message === `code ${err.code}`)
    return codeText(err.code, lang);
  return err.message;
}

const zhErrors = z.locales.zhCN().localeError;
const enErrors = z.locales.en().localeError;

/**
 * An endpoint's input through the contract's rules (text, then schema), with zod's messages in the
 * caller's language (the schema's own messages stay as written).
 */
export function parseInput(ep: Endpoint, raw: unknown, lang: Language): Record<string, unknown> {
  const res = parseEndpointInput(ep, raw, lang === 'zh-CN' ? zhErrors : enErrors);
  if (res.success) return res.data;
  throw validationProblem(res.issues);
}

export function validationProblem(issues: readonly FieldIssue[]): Problem {
  const detail = describeIssues(issues);
  return new Problem(
    Codes.VALIDATION,
    {
      en: `${codeText(Codes.VALIDATION, 'en')}: ${detail}`,
      'zh-CN': `${codeText(Codes.VALIDATION, 'zh-CN')}：${detail}`,
    },
    issues,
  );
}
