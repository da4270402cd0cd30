import { Button, Card, Classes, Code, Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { RepairFunction } from '../../shared/api/batchFix.js';
import { useLanguage } from '../i18n/i18n.js';
import { tableName } from './sampleText.js';

/** A repair function the backend offers: what it does and touches; "use" puts its name in the form. */
export function FunctionCard({
  fn,
  chosen,
  onUse,
}: {
  fn: RepairFunction;
  chosen: boolean;
  onUse: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const texts = fn.texts[lang];
  return (
    <Card
      className={chosen ? 'batchfix-function is-chosen' : 'batchfix-function'}
      data-testid={`batchfix-fn-${fn.name}`}
    >
      <div className="batchfix-function-head">
        <strong>{texts.title}</strong> <Code>{fn.name}</Code>
        <span className="toolbar-spacer" />
        <Button
          size="small"
          variant="outlined"
          icon={chosen ? 'tick' : 'arrow-up'}
          text={t('batchFix.functions.use')}
          disabled={chosen}
          onClick={onUse}
          data-testid={`batchfix-use-${fn.name}`}
        />
      </div>
      <p>{texts.description}</p>
      <div className="batchfix-touches">
        <span className={Classes.TEXT_MUTED}>{t('batchFix.functions.touches')}</span>
        {fn.touches.map((tc) => (
          <Tag
            key={`${tc.table}:${tc.change}`}
            minimal
            intent={tc.change === 'delete' ? Intent.DANGER : Intent.PRIMARY}
          >
            {tableName(t, tc.table)} · {t(`batchFix.change.${tc.change}`)}
          </Tag>
        ))}
      </div>
    </Card>
  );
}
