import { Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/** "Planned" beside the title of a page a later release builds (menu, home page): part of the link's name. */
export function PlannedTag({ testId }: { testId: string }) {
  const { t } = useTranslation();
  return (
    <Tag minimal round className="planned-tag" data-testid={testId}>
      {t('planned.tag')}
    </Tag>
  );
}
