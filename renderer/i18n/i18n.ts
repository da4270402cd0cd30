import i18n from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../../shared/codes.js';
import type { Catalogue } from './catalogue.js';

export const DEFAULT_LANGUAGE: Language = 'zh-CN';

export function toLanguage(value: string | undefined | null): Language {
  return (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Language) : DEFAULT_LANGUAGE;
}

function markDocument(lang: Language): void {
  document.documentElement.lang = lang;
}

/**
 * The catalogues come from the caller (main.tsx, from resources.ts): they are made from every
 * feature module, whose screens import this file, so importing them here would be a cycle.
 */
export async function initI18n(
  catalogues: Readonly<Record<Language, Catalogue>>,
  lang: Language = DEFAULT_LANGUAGE,
): Promise<void> {
  await i18n.use(initReactI18next).init({
    resources: { 'zh-CN': { translation: catalogues['zh-CN'] }, en: { translation: catalogues.en } },
    lng: lang,
    // Both catalogues hold the same keys (a unit test proves it), so a fallback would only hide bugs.
    fallbackLng: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  markDocument(lang);
}

export async function changeLanguage(lang: Language): Promise<void> {
  await i18n.changeLanguage(lang);
  markDocument(lang);
}

/** The current language as the contract's type, for codeText and game names. */
export function useLanguage(): Language {
  const { i18n: instance } = useTranslation();
  return toLanguage(instance.resolvedLanguage ?? instance.language);
}

export { i18n };
