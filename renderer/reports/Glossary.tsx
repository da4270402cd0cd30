import { Card, H4 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/** The glossary's entries of each report, in the order of its columns. */
export const DAILY_GLOSSARY = [
  'dau',
  'newPlayers',
  'retention',
  'revenue',
  'payingPlayers',
  'firstTimePayers',
  'arpu',
  'arppu',
  'payRate',
  'empty',
] as const;
export const SHOP_GLOSSARY = ['shopRevenue', 'buyers'] as const;

/**
 * How the page's figures are counted, as the server counts them (server/reports: the rollups'
 * rules in migrations.ts, the report in read.ts), so an operator can tell what a figure means.
 */
export function Glossary({ entries }: { entries: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <Card className="report-glossary" data-testid="report-glossary">
      <H4>{t('reports.glossary.title')}</H4>
      <ul>
        {entries.map((e) => (
          <li key={e} data-testid={`glossary-${e}`}>
            {t(`reports.glossary.${e}`)}
          </li>
        ))}
      </ul>
    </Card>
  );
}
