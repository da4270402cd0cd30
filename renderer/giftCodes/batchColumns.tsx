import { Button, Intent, ProgressBar, Tag } from '@blueprintjs/core';
import type { TFunction } from 'i18next';
import type { CodeBatch, CodeKind } from '../../shared/api/giftCodes.js';
import type { Language } from '../../shared/codes.js';
import { formatDateTime } from '../components/format.js';
import { ListTime } from '../components/ListTime.js';
import { relativeText } from '../components/relativeText.js';
import type { TableColumn } from '../kit/table.js';
import { BATCH_STATE_INTENT, capacityOf, grantText, usedShare } from './codes.js';

/** What a column of the batch list needs besides the row. */
interface ColumnContext {
  t: TFunction;
  lang: Language;
  /** Now, for "ends in 3d". */
  now: number;
  kind: CodeKind;
  currency: string | null;
  openBatch: (id: number) => void;
}

/** The batch list's columns: open, what the batch is and grants, when it is valid, its use and state. */
export function batchColumns({
  t,
  lang,
  now,
  kind,
  currency,
  openBatch,
}: ColumnContext): TableColumn<CodeBatch>[] {
  const k = (key: string) => `giftCodes.${kind}.${key}`;
  return [
    {
      key: 'open',
      name: t('kit.list.actions'),
      width: 100,
      interactive: true,
      render: (b) => (
        <Button
          size="small"
          variant="minimal"
          icon="panel-stats"
          text={t('giftCodes.list.open')}
          onClick={() => openBatch(b.id)}
          data-testid={`batch-open-${b.id}`}
        />
      ),
    },
    {
      key: 'name',
      sortKey: 'name',
      name: t('giftCodes.field.name'),
      width: 170,
      render: (b) => <span data-testid={`batch-name-${b.id}`}>{b.name}</span>,
      tooltip: (b) => b.name,
    },
    {
      key: 'prefix',
      name: t('giftCodes.field.prefix'),
      width: 80,
      render: (b) => (b.prefix ? <code>{b.prefix}</code> : ''),
    },
    { key: 'channel', name: t('giftCodes.field.channel'), width: 100, render: (b) => b.channel },
    {
      key: 'grant',
      name: t(k('grant')),
      width: 220,
      render: (b) => grantText(b.grant, b.grantNames, currency, lang),
      tooltip: (b) => grantText(b.grant, b.grantNames, currency, lang),
    },
    {
      key: 'validity',
      name: t('giftCodes.field.validity'),
      width: 250,
      render: (b) => `${formatDateTime(b.validFrom, lang)} – ${formatDateTime(b.validUntil, lang)}`,
      tooltip: (b) => validityText(t, b, now),
    },
    {
      key: 'ends',
      sortKey: 'validUntil',
      name: t('giftCodes.field.ends'),
      width: 120,
      render: (b) => validityText(t, b, now),
    },
    {
      key: 'used',
      name: t('giftCodes.field.used'),
      width: 150,
      render: (b) => (
        <span className="gift-used" data-testid={`batch-used-${b.id}`}>
          <span>
            {b.used.toLocaleString(lang)} / {capacityOf(b).toLocaleString(lang)}
          </span>
          <ProgressBar
            value={usedShare(b)}
            stripes={false}
            animate={false}
            intent={Intent.PRIMARY}
            aria-label={t('giftCodes.field.used')}
          />
        </span>
      ),
      tooltip: (b) => t('giftCodes.list.usedHelp', { codes: b.total, uses: b.usesPerCode }),
    },
    {
      key: 'state',
      name: t('giftCodes.field.state'),
      width: 110,
      render: (b) => (
        <Tag minimal intent={BATCH_STATE_INTENT[b.state]} data-testid={`batch-state-${b.id}`}>
          {t(`giftCodes.batchState.${b.state}`)}
        </Tag>
      ),
    },
    { key: 'createdBy', name: t('giftCodes.field.createdBy'), width: 100, render: (b) => b.createdBy },
    {
      key: 'createdAt',
      sortKey: 'createdAt',
      name: t('giftCodes.field.createdAt'),
      width: 150,
      render: (b) => <ListTime at={b.createdAt} />,
    },
  ];
}

/** When a batch starts or ends, relative to now, in the spec's short form ("ends in 3d"). */
function validityText(t: TFunction, b: Pick<CodeBatch, 'validFrom' | 'validUntil'>, now: number): string {
  const from = Date.parse(b.validFrom);
  const until = Date.parse(b.validUntil);
  if (from > now) return t('giftCodes.list.starts', { when: relativeText(t, from, now) });
  if (until > now) return t('giftCodes.list.endsIn', { when: relativeText(t, until, now) });
  return t('giftCodes.list.ended', { when: relativeText(t, until, now) });
}
