/**
 * Release notes as plain text. The feed may carry them as a string (electron-builder's
 * releaseInfo.releaseNotes, often Markdown) or, with a full changelog, as one note per version;
 * some providers send HTML. The renderer shows text only, so markup never runs in the window.
 */

export type RawReleaseNotes = string | readonly { version: string; note: string | null }[] | null | undefined;

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  '#39': "'",
};

export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li\b[^>]*>/gi, '\n• ')
    .replace(/<\/(p|div|h[1-6]|ul|ol|tr)\s*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#39|[a-z]+);/gi, (m, name: string) => ENTITIES[name.toLowerCase()] ?? m)
    .replace(/&#(\d+);/g, (_m, n: string) => String.fromCodePoint(Number(n)))
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** At most this much text reaches the window: notes are for reading, not a channel for data. */
export const MAX_NOTES_CHARS = 20_000;

export function releaseNotesText(raw: RawReleaseNotes): string | null {
  if (raw === null || raw === undefined) return null;
  const text =
    typeof raw === 'string'
      ? htmlToText(raw)
      : raw
          .map((n) => (n.note ? `${n.version}\n${htmlToText(n.note)}` : n.version))
          .join('\n\n')
          .trim();
  if (!text) return null;
  return text.length > MAX_NOTES_CHARS ? `${text.slice(0, MAX_NOTES_CHARS)}…` : text;
}
