import { LANGUAGES, type Language } from '../../shared/codes.js';

/**
 * Which language the console speaks, apart from the texts themselves: a module with no library
 * in it, so the start-up (boot.ts) can guess the language before anything else is evaluated.
 */

export const DEFAULT_LANGUAGE: Language = 'zh-CN';

export function toLanguage(value: string | undefined | null): Language {
  return (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Language) : DEFAULT_LANGUAGE;
}

/** Where the renderer remembers the language it showed last, for the next start's first guess. */
const LAST_LANGUAGE_KEY = 'gameops.language';

export function rememberLanguage(lang: Language): void {
  try {
    localStorage.setItem(LAST_LANGUAGE_KEY, lang);
  } catch {
    // No storage (a locked-down profile): the next start guesses from the system's language.
  }
}

/**
 * The language whose texts are worth loading before main has said which one is saved: the one
 * shown last time, else the system's. A wrong guess costs one more load, never a wrong screen.
 */
export function likelyLanguage(): Language {
  try {
    const last = localStorage.getItem(LAST_LANGUAGE_KEY);
    if (last) return toLanguage(last);
  } catch {
    // As above.
  }
  const system = navigator.language.toLowerCase();
  if (system.startsWith('zh')) return 'zh-CN';
  return system.startsWith('en') ? 'en' : DEFAULT_LANGUAGE;
}
