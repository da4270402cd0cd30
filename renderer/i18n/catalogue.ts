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

/** Adds one feature's audit action names to those gathered so far; a name given twice is refused. */
export function gatherAuditActions(into: Catalogue, from: Catalogue | string | undefined, ns: string): void {
  if (from === undefined) return;
  if (typeof from === 'string') throw new Error(`${ns}: ${AUDIT_ACTIONS} must name actions by capability`);
  for (const [capability, actions] of Object.entries(from)) {
    if (typeof actions === 'string')
      throw new Error(`${ns}: ${AUDIT_ACTIONS}.${capability} must list actions`);
    const known = (into[capability] ??= {});
    if (typeof known === 'string') throw new Error(`${ns}: ${AUDIT_ACTIONS}.${capability} is taken`);
    for (const [action, name] of Object.entries(actions)) {
      if (action in known) throw new Error(`the audit action ${capability}.${action} is named twice (${ns})`);
      known[action] = name;
    }
  }
}
