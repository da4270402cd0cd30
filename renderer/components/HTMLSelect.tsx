// The console's one way to a native select: Blueprint's, with its arrow named in the console's language.
// eslint-disable-next-line no-restricted-imports
import { HTMLSelect as BlueprintSelect, type HTMLSelectProps } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/**
 * Blueprint's HTMLSelect, whose arrow Blueprint titles "Open dropdown" in English whatever the
 * console's language; a screen reader reads that title, so here it is said in the operator's.
 */
export function HTMLSelect({ iconProps, ...props }: HTMLSelectProps) {
  const { t } = useTranslation();
  return <BlueprintSelect {...props} iconProps={{ title: t('a11y.openDropdown'), ...iconProps }} />;
}
