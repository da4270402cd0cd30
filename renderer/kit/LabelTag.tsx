import { Tag, type TagProps } from '@blueprintjs/core';

/**
 * A tag whose text is a short label (a state, a kind, a flag): Blueprint's Tag without its
 * ellipsis. Tag puts its text in Text with `ellipsize`, whose layout effect reads `scrollWidth`:
 * a forced layout per tag, which a page of 20 rows with a few tags each pays dozens of times in
 * its first draw (issue 25: a list's first rows). A label is never cut short; a table's cell
 * still ends a too-narrow column in its own ellipsis.
 */
export function LabelTag(props: TagProps) {
  return <Tag multiline {...props} />;
}
