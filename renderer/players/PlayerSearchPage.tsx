import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useUrlSearch } from '../kit/useUrlSearch.js';
import { Button, Callout, Classes, FormGroup, InputGroup, Intent, Spinner, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Codes } from '../../shared/codes.js';
import type { GameId } from '../../shared/games.js';
import type { PlayerRow } from '../../shared/api/players.js';
import { asResultError } from '../bridge/result.js';
import { ErrorCallout } from '../components/ErrorCallout.js';
import { EmptyState } from '../components/EmptyState.js';
import { PlayerLink } from '../components/PlayerLink.js';
import { QueryErrorCallout, RefetchSpinner } from '../components/QueryState.js';
import { ListTime } from '../components/ListTime.js';
import { Pager } from '../kit/Pager.js';
import { useListController } from '../kit/useListController.js';
import { PageTable } from '../kit/PageTable.js';
import type { TableColumn } from '../kit/table.js';
import { useLanguage } from '../i18n/i18n.js';
import { formatCount } from './cellFormat.js';
import { usePlayerLinkPrefetch } from './linkPrefetch.js';
import { FlagTags, StateTag } from './PlayerTags.js';
import {
  ID_MAX_DIGITS,
  NAME_MAX,
  PROBLEM_FIELD,
  hasInput,
  hasKeys,
  parseSearch,
  searchParamsOf,
  withoutRegistered,
  type RegisteredDay,
  type SearchDraft,
  type SearchField,
  type SearchProblem,
} from './searchParams.js';
import './players.css';
import { dateTimeFormat } from '../components/intl.js';

function ResultsTable({ game, items }: { game: GameId; items: readonly PlayerRow[] }) {
  const { t } = useTranslation();
  const columns: TableColumn<PlayerRow>[] = [
    {
      key: 'id',
      name: t('players.field.id'),
      width: 190,
      interactive: true,
      render: (p) => <PlayerLink game={game} id={p.id} />,
    },
    { key: 'num', name: t('players.field.num'), width: 100, render: (p) => String(p.num) },
    {
      key: 'name',
      name: t('players.field.name'),
      width: 180,
      interactive: true,
      render: (p) => (
        <PlayerLink game={game} id={p.id} testId={`player-name-${p.id}`}>
          {p.name}
        </PlayerLink>
      ),
    },
    { key: 'level', name: t('players.field.level'), width: 70, render: (p) => String(p.level) },
    { key: 'state', name: t('players.field.state'), width: 100, render: (p) => <StateTag state={p.state} /> },
    { key: 'flags', name: t('players.field.flags'), width: 200, render: (p) => <FlagTags flags={p.flags} /> },
    {
      key: 'createdAt',
      name: t('players.field.createdAt'),
      width: 170,
      render: (p) => <ListTime at={p.createdAt} />,
    },
    {
      key: 'lastLoginAt',
      name: t('players.field.lastLoginAt'),
      width: 170,
      render: (p) => (p.lastLoginAt ? <ListTime at={p.lastLoginAt} /> : t('players.detail.neverSignedIn')),
    },
  ];
  return <PageTable rows={items} columns={columns} className="players-table" testId="players-table" />;
}

const PROBLEM_LIMITS: Record<SearchProblem, Record<string, number>> = {
  nameTooLong: { max: NAME_MAX },
  idNotDigits: {},
  idTooLong: { max: ID_MAX_DIGITS },
  numNotPositive: {},
};

/** Keyed by the URL's search, so Back and "clear" reset what is typed to what is searched. */
function SearchForm({
  initial,
  problems,
  onSearch,
}: {
  initial: SearchDraft;
  problems: readonly SearchProblem[];
  onSearch: (draft: SearchDraft) => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(initial);
  const badFields = new Set(problems.map((p) => PROBLEM_FIELD[p]));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(draft);
  };
  // No maxLength: a pasted id cut short in silence would search for another player; the check
  // below says what is too long instead.
  const field = (name: SearchField, props: { inputMode?: 'numeric' }) => {
    const bad = badFields.has(name);
    return (
      <FormGroup
        label={t(`players.search.${name}`)}
        labelFor={`player-search-${name}`}
        helperText={t(`players.search.${name}Help`)}
        intent={bad ? Intent.DANGER : Intent.NONE}
        className="player-search-field"
      >
        <InputGroup
          id={`player-search-${name}`}
          type="search"
          value={draft[name]}
          onValueChange={(v) => setDraft((d) => ({ ...d, [name]: v }))}
          intent={bad ? Intent.DANGER : Intent.NONE}
          placeholder={t(`players.search.${name}Placeholder`)}
          data-testid={`player-search-${name}`}
          {...props}
        />
      </FormGroup>
    );
  };
  return (
    <form onSubmit={submit} className="player-search" role="search">
      {field('name', {})}
      {field('id', { inputMode: 'numeric' })}
      {field('num', { inputMode: 'numeric' })}
      <div className="player-search-buttons">
        <Button
          type="submit"
          intent={Intent.PRIMARY}
          icon="search"
          text={t('common.search')}
          data-testid="player-search-submit"
        />
        {hasInput(initial) && (
          <Button
            variant="minimal"
            icon="cross"
            text={t('players.search.clear')}
            onClick={() => onSearch({ name: '', id: '', num: '' })}
            data-testid="player-search-clear"
          />
        )}
      </div>
    </form>
  );
}

/** The registration day a report sent the operator here with, which they can drop. */
function RegisteredFilter({
  registered,
  onClear,
}: {
  registered: RegisteredDay | 'invalid';
  onClear: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  if (registered === 'invalid')
    return (
      <Callout
        intent={Intent.WARNING}
        title={t('players.search.checkQuery')}
        data-testid="players-registered-invalid"
      >
        {t('players.search.registeredInvalid')}{' '}
        <Button variant="minimal" size="small" text={t('players.search.registeredClear')} onClick={onClear} />
      </Callout>
    );
  // A zone's day is a date, not a moment: written as it is, whatever the operator's zone.
  const formatDay = (d: string) =>
    dateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${d}T00:00:00Z`));
  const day = formatDay(registered.day);
  return (
    <p data-testid="players-registered">
      <Tag size="large" intent={Intent.PRIMARY}>
        {registered.active
          ? t('players.search.registeredActive', {
              day,
              active: formatDay(registered.active.day),
              zone: registered.zone,
            })
          : t('players.search.registered', { day, zone: registered.zone })}
      </Tag>{' '}
      <Button
        variant="minimal"
        size="small"
        icon="cross"
        text={t('players.search.registeredClear')}
        onClick={onClear}
        data-testid="players-registered-clear"
      />
    </p>
  );
}

/**
 * Player search: name (partial, any case), id and num, all optional and all matching. With no key
 * the server lists the newest accounts, so the page is never blank. The search is in the URL. A
 * view of the list controller of its own: the keys are checked (and said wrong) before any call,
 * and a count stopped at the server's cap reads "10,000+".
 */
export function PlayerSearchPage({ game }: { game: GameId }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [params, setParams] = useUrlSearch();
  const parsed = useMemo(() => parseSearch(params), [params]);
  const { draft, keys, problems } = parsed;
  const searching = hasKeys(keys);
  const controller = useListController({
    endpoint: 'players.search',
    input: { game, ...keys },
    enabled: problems.length === 0 && parsed.registered !== 'invalid',
  });
  const list = controller.query;
  const linkPrefetch = usePlayerLinkPrefetch(game);

  const onSearch = (next: SearchDraft) => setParams((prev) => searchParamsOf(next, prev));
  const setPage = controller.setPage;

  let body: ReactNode;
  if (parsed.registered === 'invalid') {
    body = null;
  } else if (problems.length > 0) {
    body = (
      <Callout intent={Intent.WARNING} title={t('players.search.checkQuery')} data-testid="players-bad-query">
        <ul>
          {problems.map((p) => (
            <li key={p}>{t(`players.search.problem.${p}`, PROBLEM_LIMITS[p])}</li>
          ))}
        </ul>
      </Callout>
    );
  } else if (list.isPending) {
    body = <Spinner />;
  } else if (list.error) {
    const error = asResultError(list.error, Codes.NETWORK);
    // A query the server refuses would be refused again: no retry for it.
    body =
      error.code === Codes.VALIDATION ? (
        <ErrorCallout title={t('players.search.badQuery')} error={error} testId="players-bad-query" />
      ) : (
        <QueryErrorCallout title={t('players.search.loadFailed')} query={list} />
      );
  } else if (list.data.total === 0) {
    body = (
      <EmptyState
        icon={searching ? 'search' : 'people'}
        title={searching ? t('players.search.noMatches') : t('players.search.none')}
        description={searching ? t('players.search.noMatchesHelp') : t('players.search.noneHelp')}
        testId="players-empty"
      />
    );
  } else if (list.data.items.length === 0) {
    body = (
      <EmptyState
        icon="arrow-left"
        title={t('players.search.pastEnd')}
        action={<Button onClick={() => setPage(1)} text={t('players.search.firstPage')} />}
        testId="players-past-end"
      />
    );
  } else {
    const { total, totalCapped, items } = list.data;
    const count = totalCapped ? `${formatCount(total, lang)}+` : formatCount(total, lang);
    body = (
      <>
        <p className={Classes.TEXT_MUTED} data-testid="players-total">
          {searching ? t('players.search.total', { n: count }) : t('players.search.newest', { n: count })}
          {totalCapped && ` ${t('players.search.capped')}`}
        </p>
        <ResultsTable game={game} items={items} />
        <Pager page={list.data.page} pageSize={list.data.pageSize} total={total} onPage={setPage} />
      </>
    );
  }

  return (
    <div className="player-search-page" {...linkPrefetch}>
      <div className="toolbar">
        <SearchForm
          key={`${draft.name}\n${draft.id}\n${draft.num}`}
          initial={draft}
          problems={problems}
          onSearch={onSearch}
        />
        <span className="toolbar-spacer" />
        <RefetchSpinner query={list} />
      </div>
      {parsed.registered && (
        <RegisteredFilter
          registered={parsed.registered}
          onClear={() => setParams((prev) => withoutRegistered(prev))}
        />
      )}
      {body}
    </div>
  );
}
