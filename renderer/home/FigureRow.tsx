import { Link } from 'react-router-dom';
import { Classes } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { BriefFigure, Compared } from '../../shared/api/overview.js';
import { useLanguage } from '../i18n/i18n.js';
import { deltaOf, formatFigure, formatShare, intentOf } from './figures.js';
import { Sparkline } from './Sparkline.js';

interface FigureRowProps {
  figure: BriefFigure;
  values: Compared;
  trend: readonly (number | null)[];
  currency: string;
  /** The page behind the figure, or null when the operator may not open it. */
  link: string | null;
  testId: string;
}

/** A move against a day before, coloured and said in words ("up 12% from 1,234"). */
function DeltaCell({
  now,
  before,
  show,
  testId,
}: {
  now: number | null;
  before: number | null;
  show: (v: number | null) => string;
  testId: string;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const d = deltaOf(now, before);
  const share = formatShare(d.share, lang);
  const words =
    d.direction === 'none'
      ? t('home.delta.none')
      : d.direction === 'same'
        ? t('home.delta.same', { before: show(before) })
        : t(`home.delta.${d.direction}${share ? '' : 'FromZero'}`, { share, before: show(before) });
  const intent = intentOf(d);
  return (
    <td
      data-testid={testId}
      data-direction={d.direction}
      className={intent === 'none' ? Classes.TEXT_MUTED : `home-delta home-delta-${intent}`}
    >
      {words}
    </td>
  );
}

/** One figure of a game's card: today's value (a link to the page behind it), its moves, its trend. */
export function FigureRow({ figure, values, trend, currency, link, testId }: FigureRowProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const show = (v: number | null) => formatFigure(figure, v, currency, lang);
  const name = t(`home.figure.${figure}`);
  const known = trend.flatMap((v) => (v === null ? [] : [v]));
  const trendWords =
    known.length === 0
      ? t('home.trend.none', { figure: name, count: trend.length })
      : t('home.trend.words', {
          figure: name,
          count: trend.length,
          min: show(Math.min(...known)),
          max: show(Math.max(...known)),
          last: show(trend.at(-1) ?? null),
        });
  return (
    <tr data-testid={testId} data-figure={figure}>
      <th scope="row">
        {link ? (
          <Link to={link} data-testid={`${testId}-link`}>
            {name}
          </Link>
        ) : (
          name
        )}
      </th>
      <td className="home-figure-today" data-testid={`${testId}-today`} data-value={values.today ?? ''}>
        {show(values.today)}
      </td>
      <DeltaCell now={values.today} before={values.yesterday} show={show} testId={`${testId}-yesterday`} />
      <DeltaCell now={values.today} before={values.lastWeek} show={show} testId={`${testId}-lastWeek`} />
      <td>
        <Sparkline values={trend} label={trendWords} testId={`${testId}-trend`} />
      </td>
    </tr>
  );
}
