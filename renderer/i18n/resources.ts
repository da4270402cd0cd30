import type { Language } from '../../shared/codes.js';
import { LANGUAGES } from '../../shared/codes.js';
import type { Catalogue } from './catalogue.js';
import { RENDERER_FEATURES } from '../features.js';

/**
 * The translation catalogue of each language, made from the feature modules' texts: each under
 * the feature's namespace (`players.search.title`), the shell's at the top. A feature keeps its
 * texts beside its screens, so two features never edit the same file.
 */
function catalogueOf(lang: Language): Catalogue {
  const out: Catalogue = {};
  for (const f of RENDERER_FEATURES) {
    const texts = f.texts?.[lang];
    if (!texts) continue;
    const ns = f.namespace ?? f.id;
    if (ns === '') Object.assign(out, texts);
    else out[ns] = texts;
  }
  return out;
}

export const CATALOGUES: Record<Language, Catalogue> = Object.fromEntries(
  LANGUAGES.map((l) => [l, catalogueOf(l)]),
) as Record<Language, Catalogue>;
