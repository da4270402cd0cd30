/** Pure helpers over the translation catalogues, for the parity tests. */

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
