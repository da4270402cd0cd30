import i18n from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import type { Language } from '../../shared/codes.js';
import { DEFAULT_LANGUAGE, rememberLanguage, toLanguage } from './language.js';
import type { Catalogue } from './catalogue.js';

function markDocument(lang: Language): void {
  document.documentElement.lang = lang;
  rememberLanguage(lang);
}

export type CatalogueLoader = (lang: Language) => Promise<Catalogue>;

let loadCatalogue: CatalogueLoader | null = null;

/**
 * Starts the texts in `lang`, loading only that language's catalogue; the other is loaded when
 * the operator switches to it. The loader comes from the caller (main.tsx, from resources.ts): the
 * catalogues are made from every feature module, whose screens import this file, so importing
 * them here would be a cycle.
 */
export async function initI18n(load: CatalogueLoader, lang: Language = DEFAULT_LANGUAGE): Promise<void> {
  loadCatalogue = load;
  const catalogue = await load(lang);
  await i18n.use(initReactI18next).init({
    resources: { [lang]: { translation: catalogue } },
    lng: lang,
    // Both catalogues hold the same keys (a unit test proves it), so a fallback would only hide bugs.
    fallbackLng: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  markDocument(lang);
}

/** Shows the console in `lang`, loading its texts first if they are not here yet. */
export async function changeLanguage(lang: Language): Promise<void> {
  if (!i18n.hasResourceBundle(lang, 'translation')) {
    if (!loadCatalogue) throw new Error('initI18n has not run');
    i18n.addResourceBundle(lang, 'translation', await loadCatalogue(lang));
  }
  await i18n.changeLanguage(lang);
  markDocument(lang);
}

/** The current language as the contract's type, for codeText and game names. */
export function useLanguage(): Language {
  const { i18n: instance } = useTranslation();
  return toLanguage(instance.resolvedLanguage ?? instance.language);
}

export { i18n, DEFAULT_LANGUAGE, toLanguage };
