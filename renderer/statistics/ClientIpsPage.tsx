import { useState } from 'react';
import { Button, Card, FormGroup, H4, InputGroup, Intent } from '@blueprintjs/core';
import { HTMLSelect } from '../components/HTMLSelect.js';
import { useTranslation } from 'react-i18next';
import { DEFAULT_TIME_ZONE } from '../../shared/api/reports.js';
import type { SignIn } from '../../shared/api/statistics.js';
import type { OutputOf } from '../../shared/api/table.js';
import type { GameId } from '../../shared/games.js';
import { PlayerLink } from '../components/PlayerLink.js';
import { RefetchSpinner } from '../components/QueryState.js';
import { useLanguage } from '../i18n/i18n.js';
import { ListBody } from '../kit/ListPage.js';
import { useListController, type ListController } from '../kit/useListController.js';
import { useUrlSearch } from '../kit/useUrlSearch.js';
import { BlacklistAddressDialog } from './BlacklistAddressDialog.js';
import { signInColumns, tableColumns } from './columns.js';
import { RangeBar } from './RangeBar.js';
import { ListStatsExport } from './StatsExport.js';
import { clientIpsList, namesSignIns, SIGN_IN_DAYS } from './lists.js';
import { rangeOf, type DayRange } from './range.js';
import './statistics.css';

const BY = ['ip', 'player'] as const;
type By = (typeof BY)[number];

/** Whose sign-ins: an address or a player id, typed and applied. */
function WhoForm({
  by,
  value,
  onApply,
}: {
  by: By;
  value: string;
  onApply: (by: By, value: string) => void;
}) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<By>(by);
  const [text, setText] = useState(value);
  return (
    <form
      className="toolbar"
      onSubmit={(e) => {
        e.preventDefault();
        onApply(kind, text.trim());
      }}
    >
      <HTMLSelect
        aria-label={t('statistics.clientIps.byLabel')}
        value={kind}
        onChange={(e) => setKind(e.target.value === 'player' ? 'player' : 'ip')}
        options={BY.map((b) => ({ value: b, label: t(`statistics.clientIps.by.${b}`) }))}
        data-testid="client-ips-by"
      />
      <FormGroup inline label={t(`statistics.clientIps.value.${kind}`)} labelFor="client-ips-value">
        <InputGroup
          id="client-ips-value"
          value={text}
          onChange={(e) => setText(e.target.value)}
          data-testid="client-ips-value"
        />
      </FormGroup>
      <Button
        type="submit"
        icon="search"
        text={t('statistics.clientIps.show')}
        data-testid="client-ips-show"
      />
    </form>
  );
}

/** The sign-ins of the address or player, a page at a time, newest first. */
function SignIns({ game, list, range }: { game: GameId; list: ListController<SignIn>; range: DayRange }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const zone = (list.query.data as OutputOf<'clientIps.list'> | undefined)?.timeZone;
  const ip = list.values.ip ?? '';
  return (
    <>
      <div className="toolbar">
        <span className="toolbar-spacer" />
        <RefetchSpinner query={list.query} />
        {zone && (
          <ListStatsExport
            list={list}
            game={game}
            page="clientIps"
            endpoint="clientIps.list"
            columns={signInColumns}
            range={range}
            zone={zone}
            filters={[
              ip
                ? { label: t('statistics.column.address'), value: ip }
                : { label: t('statistics.column.player'), value: list.values.playerId ?? '' },
            ]}
            testId="client-ips"
          />
        )}
      </div>
      <ListBody
        list={list}
        columns={tableColumns(
          signInColumns,
          { t, lang, zone: zone ?? DEFAULT_TIME_ZONE },
          { playerId: (s) => <PlayerLink game={game} id={s.playerId} name={s.playerName} /> },
        )}
        texts={{
          failed: t('statistics.clientIps.loadFailed'),
          empty: t('statistics.clientIps.count', { count: 0 }),
          count: (count) => t('statistics.clientIps.count', { count }),
        }}
        icon="history"
        // Whose sign-ins is the list itself, not a filter narrowing it.
        filtered={false}
        testId="client-ips"
      />
      {zone && <p className="bp6-text-muted">{t('statistics.range.zone', { zone })}</p>}
    </>
  );
}

/** Client IPs: a player's or an address's sign-ins over a range of studio days. */
export function ClientIpsPage({ game }: { game: GameId }) {
  const { t } = useTranslation();
  const [search] = useUrlSearch();
  const [blacklisting, setBlacklisting] = useState(false);
  const list = useListController({ ...clientIpsList(game, search), enabled: namesSignIns(search) });
  const range = rangeOf(search, SIGN_IN_DAYS);
  const ip = list.values.ip ?? '';
  const player = list.values.playerId ?? '';
  const by: By = player && !ip ? 'player' : 'ip';
  return (
    <div className="stats-page" data-testid="client-ips">
      <WhoForm
        key={`${by}/${ip || player}`}
        by={by}
        value={ip || player}
        onApply={(b, v) => list.update({ ip: b === 'ip' ? v : '', player: b === 'player' ? v : '' })}
      />
      <RangeBar
        key={`${range.start}/${range.end}`}
        range={range}
        onApply={(r) => list.update({ start: r.start, end: r.end })}
        zone={undefined}
        testId="client-ips-range"
      >
        {ip && (
          <Button
            icon="blocked-person"
            intent={Intent.DANGER}
            text={t('statistics.ip.blacklist.action')}
            onClick={() => setBlacklisting(true)}
            data-testid="client-ips-blacklist"
          />
        )}
      </RangeBar>
      {ip || player ? (
        <SignIns game={game} list={list} range={range} />
      ) : (
        <Card>
          <H4>{t('statistics.clientIps.pickTitle')}</H4>
          <p>{t('statistics.clientIps.pickHelp')}</p>
        </Card>
      )}
      {blacklisting && ip && (
        <BlacklistAddressDialog game={game} ip={ip} onClose={() => setBlacklisting(false)} />
      )}
    </div>
  );
}
