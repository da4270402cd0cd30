import { Callout, Card, Classes, H4, HTMLTable, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { DryRun } from '../../shared/api/batchFix.js';
import { formatDateTime } from '../components/format.js';
import { useLanguage } from '../i18n/i18n.js';
import { preview } from './jobs.js';
import { sampleFields, tableName } from './sampleText.js';

/** What a dry run found: the counts per table and the first rows, before and after. */
export function DryRunResult({ result }: { result: DryRun }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <Card className="batchfix-result" data-testid="batchfix-dryrun-result" data-total={result.total}>
      <H4>{t('batchFix.result.title', { name: result.name })}</H4>
      <p className={Classes.TEXT_MUTED}>{t('batchFix.result.at', { at: formatDateTime(result.at, lang) })}</p>
      {result.total === 0 ? (
        <Callout intent={Intent.SUCCESS} icon="tick" data-testid="batchfix-dryrun-none">
          {t('batchFix.result.none')}
        </Callout>
      ) : (
        <>
          <p data-testid="batchfix-dryrun-total">{t('batchFix.result.total', { count: result.total })}</p>
          <HTMLTable compact className="batchfix-counts">
            <thead>
              <tr>
                <th>{t('batchFix.result.table')}</th>
                <th>{t('batchFix.result.change')}</th>
                <th>{t('batchFix.result.rows')}</th>
              </tr>
            </thead>
            <tbody>
              {result.counts
                .filter((c) => c.count > 0)
                .map((c) => (
                  <tr key={`${c.table}:${c.change}`}>
                    <td title={c.table}>{tableName(t, c.table)}</td>
                    <td>{t(`batchFix.change.${c.change}`)}</td>
                    <td>{c.count.toLocaleString(lang)}</td>
                  </tr>
                ))}
            </tbody>
          </HTMLTable>
          <H4 className="batchfix-subtitle">
            {t('batchFix.result.samples', { count: result.samples.length })}
          </H4>
          <HTMLTable compact striped className="batchfix-samples" data-testid="batchfix-samples">
            <thead>
              <tr>
                <th>{t('batchFix.result.key')}</th>
                <th>{t('batchFix.result.before')}</th>
                <th>{t('batchFix.result.after')}</th>
              </tr>
            </thead>
            <tbody>
              {result.samples.map((s) => (
                <tr key={`${s.table}:${s.key}`}>
                  <td title={s.table}>
                    {tableName(t, s.table)} · {s.key}
                  </td>
                  <td className="batchfix-row" title={preview(s.before, 4000)}>
                    <SampleRow row={s.before} />
                  </td>
                  <td className="batchfix-row" title={preview(s.after, 4000)}>
                    {s.after === null ? <em>{t('batchFix.result.removed')}</em> : <SampleRow row={s.after} />}
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </>
      )}
    </Card>
  );
}

/** A row of a dry run as its fields, named and valued in the operator's language. */
function SampleRow({ row }: { row: unknown }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <dl className="batchfix-fields">
      {sampleFields(t, lang, row).map((f) => (
        <div key={f.key}>
          {f.label && <dt>{f.label}</dt>}
          <dd>{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}
