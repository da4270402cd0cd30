import i18next, { type TFunction } from 'i18next';
import type { Language } from '../../shared/codes.js';
import { loadCatalogue } from './resources.js';

/**
 * A translate function over a language's whole catalogue, outside React: for unit tests of the
 * pure helpers that take `t` (export files, labels), so they check the texts the screens show.
 */
export async function catalogueT(lang: Language): Promise<TFunction> {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: lang,
    resources: { [lang]: { translation: await loadCatalogue(lang) } },
    interpolation: { escapeValue: false },
  });
  return i18n.t;
}
