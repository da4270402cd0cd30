import type { Language } from '../../shared/codes.js';
import {
  AUDIT_ACTIONS,
  TITLES,
  gatherAuditActions,
  gatherTitles,
  mergeTexts,
  type Catalogue,
} from './catalogue.js';
import { RENDERER_FEATURES } from '../features.js';

/**
 * The translation catalogue of a language, made from the feature modules' texts: each under the
 * feature's namespace (`players.search.title`), the shell's at the top. A feature keeps its texts
 * beside its screens, so two features never edit the same file; its audit action names and its
 * pages' titles are gathered into sections at the top (catalogue.ts). The build puts one language's
 * texts in one chunk (vite.config.ts), so this is one request, made once per language.
 */
const loading = new Map<Language, Promise<Catalogue>>();

async function build(lang: Language): Promise<Catalogue> {
  const parts = await Promise.all(
    RENDERER_FEATURES.map(async (f) => {
      const load = f.texts?.[lang];
      return { ns: f.namespace ?? f.id, texts: load ? (await load()).default : undefined };
    }),
  );
  const out: Catalogue = {};
  const auditActions: Catalogue = {};
  const titles: Catalogue = {};
  for (const { ns, texts } of parts) {
    if (!texts) continue;
    const { [AUDIT_ACTIONS]: actions, [TITLES]: pageTitles, ...own } = texts;
    gatherAuditActions(auditActions, actions, ns || 'shell');
    gatherTitles(titles, pageTitles, ns || 'shell');
    // Merged, not assigned: the features' order says nothing, so a text given twice is refused.
    mergeTexts(out, ns === '' ? own : { [ns]: own }, ns || 'shell');
  }
  out[AUDIT_ACTIONS] = auditActions;
  // After every feature's own texts, so that a title never takes a feature's namespace unseen.
  mergeTexts(out, titles, TITLES);
  return out;
}

export function loadCatalogue(lang: Language): Promise<Catalogue> {
  let p = loading.get(lang);
  if (!p) {
    p = build(lang);
    // A failed load (a chunk the network lost) is tried again next time, not remembered.
    p.catch(() => loading.delete(lang));
    loading.set(lang, p);
  }
  return p;
}
