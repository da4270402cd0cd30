import { Link } from 'react-router-dom';
import { Callout, Card, Classes, H2, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { BriefInfo } from '../../shared/api/overview.js';
import { QueryState, RefetchSpinner } from '../components/QueryState.js';
import { useLanguage } from '../i18n/i18n.js';
import { useEndpointQuery } from '../kit/data.js';
import { useSession } from '../session/SessionContext.js';
import { clockTime } from './figures.js';
import { GameCard } from './GameCard.js';
import { todoLink } from './links.js';
import { BRIEF_INPUT, BRIEF_REFRESH_MS } from './refresh.js';
import './home.css';

/** Who is signed in, with their roles: what the landing page kept from its first release. */
function OperatorCard() {
  const { t } = useTranslation();
  const { state } = useSession();
  if (!state) return null;
  const { user } = state;
  return (
    <Card className="home-operator" data-testid="home-operator">
      <H2 className="heading-size-4">{t('home.welcome', { name: user.first_name || user.name })}</H2>
      <p className={Classes.TEXT_MUTED}>
        {t('home.account', { name: user.name, phone: user.phone || t('common.none') })}
      </p>
      <div className="home-roles" data-testid="home-roles">
        <span>{t('home.roles')}</span>
        {user.role.map((r) => (
          <Tag key={r} minimal>
            {t(`role.${r}`, { defaultValue: r })}
          </Tag>
        ))}
      </div>
    </Card>
  );
}

/** The caller's critical to-do items, leading to the list. */
function TodoLine({ brief, roles }: { brief: BriefInfo; roles: readonly string[] }) {
  const { t } = useTranslation();
  const link = todoLink(roles);
  const text = t('home.todo.line', { critical: brief.todo.critical, total: brief.todo.total });
  return (
    <Callout
      className="home-todo"
      intent={brief.todo.critical > 0 ? 'warning' : 'none'}
      icon="calendar"
      data-testid="home-todo"
      data-critical={brief.todo.critical}
    >
      {link ? (
        <Link to={link} data-testid="home-todo-link">
          {text}
        </Link>
      ) : (
        text
      )}
    </Callout>
  );
}

function Figures({ brief, roles }: { brief: BriefInfo; roles: readonly string[] }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <>
      <p className={Classes.TEXT_MUTED} data-testid="home-as-of" data-as-of={brief.asOf}>
        {t('home.asOf', { time: clockTime(brief.asOf, brief.timeZone, lang), zone: brief.timeZone })}
      </p>
      <TodoLine brief={brief} roles={roles} />
      {brief.games.length === 0 ? (
        <Callout icon="info-sign" data-testid="home-no-games">
          {t('home.noGames')}
        </Callout>
      ) : (
        <div className="home-games">
          {brief.games.map((g) => (
            <GameCard key={g.game} brief={g} days={brief} roles={roles} />
          ))}
        </div>
      )}
    </>
  );
}

/**
 * The landing page, the "big-data back office" of the spec's title: per game the operator may
 * read the reports of, today's figures against yesterday and last week with their trends, each
 * leading to the page behind it; servers, open alerts and critical to-do items. Read again every
 * BRIEF_REFRESH_MS while shown.
 */
export function HomePage() {
  const { t } = useTranslation();
  const { state } = useSession();
  const brief = useEndpointQuery('overview.brief', BRIEF_INPUT, { refetchInterval: () => BRIEF_REFRESH_MS });
  if (!state) return null;
  return (
    <div className="home-page" data-testid="home-page">
      <OperatorCard />
      <div className="home-heading">
        <H2 className="heading-size-4">{t('home.title')}</H2>
        <RefetchSpinner query={brief} />
      </div>
      <QueryState query={brief} failedTitle={t('home.failed')} errorTestId="home-error">
        {(data) => <Figures brief={data} roles={state.user.role} />}
      </QueryState>
    </div>
  );
}
