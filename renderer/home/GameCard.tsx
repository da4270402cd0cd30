import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Card, Classes, H3, HTMLTable } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { BRIEF_FIGURES, type BriefInfo, type GameBrief } from '../../shared/api/overview.js';
import { GAMES } from '../../shared/games.js';
import { useLanguage } from '../i18n/i18n.js';
import { FigureRow } from './FigureRow.js';
import { failedDeliveriesLink, figureLink, serversLink } from './links.js';
import { numberFormat } from '../components/intl.js';

/** A count with the page behind it, or plain when the operator may not open that page. */
function Count({ n, link, testId }: { n: number; link: string | null; testId: string }) {
  const lang = useLanguage();
  const text = numberFormat(lang).format(n);
  return link ? (
    <Link to={link} data-testid={testId}>
      {text}
    </Link>
  ) : (
    <span data-testid={testId}>{text}</span>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="home-fact">
      <dt className={Classes.TEXT_MUTED}>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** A game's servers and open alerts, each count leading to its list. */
function Operations({
  brief,
  roles,
  testId,
}: {
  brief: GameBrief;
  roles: readonly string[];
  testId: string;
}) {
  const { t } = useTranslation();
  const g = brief.game;
  return (
    <dl className="home-facts">
      <Fact label={t('home.servers.up')}>
        <Count n={brief.servers.up} link={serversLink(roles, g, 'up')} testId={`${testId}-servers-up`} />
      </Fact>
      <Fact label={t('home.servers.down')}>
        <Count
          n={brief.servers.down}
          link={serversLink(roles, g, 'down')}
          testId={`${testId}-servers-down`}
        />
        {brief.servers.other > 0 && (
          <span className={Classes.TEXT_MUTED}> {t('home.servers.other', { n: brief.servers.other })}</span>
        )}
      </Fact>
      <Fact label={t('home.alerts.serversDown')}>
        <Count
          n={brief.alerts.serversDown}
          link={serversLink(roles, g, 'down')}
          testId={`${testId}-alerts-servers`}
        />
      </Fact>
      <Fact label={t('home.alerts.failedDeliveries')}>
        <Count
          n={brief.alerts.failedDeliveries}
          link={failedDeliveriesLink(roles, g)}
          testId={`${testId}-alerts-deliveries`}
        />
      </Fact>
    </dl>
  );
}

/** One game's card: its figures today against yesterday and last week, its trends, its operations. */
export function GameCard({
  brief,
  days,
  roles,
}: {
  brief: GameBrief;
  days: BriefInfo;
  roles: readonly string[];
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const name = GAMES[brief.game].names[lang];
  const testId = `home-game-${brief.game}`;
  return (
    <Card className="home-game" data-testid={testId} aria-labelledby={`${testId}-title`}>
      <H3 className="heading-size-5" id={`${testId}-title`}>
        {name}
      </H3>
      <HTMLTable compact className="home-figures">
        <caption className="home-caption">{t('home.caption', { game: name, today: days.today })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('home.col.figure')}</th>
            <th scope="col">{t('home.col.today')}</th>
            <th scope="col">{t('home.col.yesterday')}</th>
            <th scope="col">{t('home.col.lastWeek')}</th>
            <th scope="col">{t('home.col.trend', { count: days.days.length })}</th>
          </tr>
        </thead>
        <tbody>
          {BRIEF_FIGURES.map((f) => (
            <FigureRow
              key={f}
              figure={f}
              values={brief.figures[f]}
              trend={brief.trend[f]}
              currency={brief.currency}
              link={figureLink(roles, brief.game, f, days)}
              testId={`${testId}-${f}`}
            />
          ))}
        </tbody>
      </HTMLTable>
      <Operations brief={brief} roles={roles} testId={testId} />
    </Card>
  );
}
