/** Pure helpers over the translation catalogues: how features' texts are gathered, and the parity tests'. */

export type Catalogue = { [key: string]: string | Catalogue };

export function flattenKeys(cat: Catalogue, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(cat)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of flattenKeys(v, key)) out.set(kk, vv);
  }
  return out;
}

/** The `{{name}}` placeholders of a text, sorted, so both languages can be compared. */
export function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g)].map((m) => m[1] as string).sort();
}

/**
 * The section of a feature's texts that names its audited actions (`auditActions.<capability>.
 * <action>`, the endpoint's id). Each feature names its own, and the catalogue gathers them into
 * one section at the top, where the audit log finds an action's name by its id alone.
 */
export const AUDIT_ACTIONS = 'auditActions';

/**
 * The section of a feature's texts that titles its pages (`titles.page.<game page>`,
 * `titles.route.<route id>`). The catalogue puts them at its top, where the route table's
 * `titleKey` names them (`page.blacklist`, `route.admin.users`): a page's title is its feature's
 * text, and the menu, which every signed-in frame draws, finds it without knowing the feature.
 */
export const TITLES = 'titles';

/** The two kinds of title: a game page's (`page.*`) and a route's outside the games (`route.*`). */
const TITLE_KINDS = new Set(['page', 'route']);

/**
 * Merges texts into those gathered so far under `path`; a text given twice, or a text where a
 * section stands (or the reverse), is refused, naming the feature (`ns`) that gave it.
 */
export function mergeTexts(into: Catalogue, from: Catalogue, ns: string, path = ''): void {
  for (const [k, v] of Object.entries(from)) {
    const key = path ? `${path}.${k}` : k;
    const known = into[k];
    if (typeof v === 'string') {
      if (known !== undefined) throw new Error(`the text ${key} is given twice (${ns})`);
      into[k] = v;
    } else {
      if (typeof known === 'string') throw new Error(`${ns}: ${key} is a section, but a text stands there`);
      const section: Catalogue = known ?? {};
      into[k] = section;
      mergeTexts(section, v, ns, key);
    }
  }
}

/** Adds one feature's audit action names to those gathered so far; a name given twice is refused. */
export function gatherAuditActions(into: Catalogue, from: Catalogue | string | undefined, ns: string): void {
  if (from === undefined) return;
  if (typeof from === 'string') throw new Error(`${ns}: ${AUDIT_ACTIONS} must name actions by capability`);
  for (const [capability, actions] of Object.entries(from))
    if (typeof actions === 'string')
      throw new Error(`${ns}: ${AUDIT_ACTIONS}.${capability} must list actions`);
  mergeTexts(into, from, ns, AUDIT_ACTIONS);
}

/** Adds one feature's page and route titles to those gathered so far; a title given twice is refused. */
export function gatherTitles(into: Catalogue, from: Catalogue | string | undefined, ns: string): void {
  if (from === undefined) return;
  if (typeof from === 'string') throw new Error(`${ns}: ${TITLES} must hold page and route titles`);
  for (const [kind, titles] of Object.entries(from))
    if (!TITLE_KINDS.has(kind) || typeof titles === 'string')
      throw new Error(`${ns}: ${TITLES}.${kind} is neither page nor route titles`);
  mergeTexts(into, from, ns);
}
