import { useState } from 'react';
import { Button, Card, FormGroup, H4, InputGroup, Intent } from '@blueprintjs/core';
import { HTMLSelect } from '../components/HTMLSelect.js';
import { useTranslation } from 'react-i18next';
import type { GameId } from '../../shared/games.js';
import { PlayerLink } from '../components/PlayerLink.js';
import { QueryState } from '../components/QueryState.js';
import { useLanguage } from '../i18n/i18n.js';
import { useEndpointQuery } from '../kit/data.js';
import { Pager } from '../kit/Pager.js';
import { DataTable } from '../kit/table.js';
import { BlacklistAddressDialog } from './BlacklistAddressDialog.js';
import { signInColumns, tableColumns } from './columns.js';
import { RangeBar } from './RangeBar.js';
import { ReadFromNote } from '../kit/ReadFromNote.js';
import { StatsExport } from './StatsExport.js';
import { rangeOf, type DayRange } from './range.js';
import { pageParam, useUrlPatch } from './urlPatch.js';
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
function SignIns({
  game,
  who,
  range,
  page,
  onPage,
}: {
  game: GameId;
  who: { ip: string } | { playerId: string };
  range: DayRange;
  page: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const list = useEndpointQuery(
    'clientIps.list',
    { game, ...range, ...who, page, pageSize: 50 },
    { keepPrevious: true },
  );
  return (
    <QueryState
      query={list}
      failedTitle={t('statistics.clientIps.loadFailed')}
      errorTestId="client-ips-error"
    >
      {(data) => (
        <>
          <ReadFromNote from={data.readFrom} />
          <div className="stats-card-head">
            <p data-testid="client-ips-count">{t('statistics.clientIps.count', { count: data.total })}</p>
            <StatsExport
              game={game}
              page="clientIps"
              endpoint="clientIps.list"
              input={{ game, ...range, ...who }}
              columns={signInColumns}
              range={range}
              zone={data.timeZone}
              filters={[
                'ip' in who
                  ? { label: t('statistics.column.address'), value: who.ip }
                  : { label: t('statistics.column.player'), value: who.playerId },
              ]}
              testId="client-ips"
            />
          </div>
          <DataTable
            rows={data.items}
            columns={tableColumns(
              signInColumns,
              { t, lang, zone: data.timeZone },
              { playerId: (s) => <PlayerLink game={game} id={s.playerId} name={s.playerName} /> },
            )}
            dependencies={[lang]}
            testId="client-ips-table"
          />
          <Pager
            page={data.page}
            pageSize={data.pageSize}
            total={data.total}
            onPage={onPage}
            testId="client-ips-pager"
          />
          <p className="bp6-text-muted">{t('statistics.range.zone', { zone: data.timeZone })}</p>
        </>
      )}
    </QueryState>
  );
}

/** Client IPs: a player's or an address's sign-ins over a range of studio days. */
export function ClientIpsPage({ game }: { game: GameId }) {
  const { t } = useTranslation();
  const [params, patch] = useUrlPatch();
  const [blacklisting, setBlacklisting] = useState(false);
  const range = rangeOf(params, 90);
  const ip = params.get('ip') ?? '';
  const player = params.get('player') ?? '';
  const by: By = player && !ip ? 'player' : 'ip';
  const who = ip ? { ip } : player ? { playerId: player } : null;
  return (
    <div className="stats-page" data-testid="client-ips">
      <WhoForm
        key={`${by}/${ip || player}`}
        by={by}
        value={ip || player}
        onApply={(b, v) =>
          patch({ ip: b === 'ip' ? v : null, player: b === 'player' ? v : null, page: null })
        }
      />
      <RangeBar
        key={`${range.start}/${range.end}`}
        range={range}
        onApply={(r) => patch({ start: r.start, end: r.end, page: null })}
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
      {who === null ? (
        <Card>
          <H4>{t('statistics.clientIps.pickTitle')}</H4>
          <p>{t('statistics.clientIps.pickHelp')}</p>
        </Card>
      ) : (
        <SignIns
          game={game}
          who={who}
          range={range}
          page={pageParam(params)}
          onPage={(p) => patch({ page: String(p) })}
        />
      )}
      {blacklisting && ip && (
        <BlacklistAddressDialog game={game} ip={ip} onClose={() => setBlacklisting(false)} />
      )}
    </div>
  );
}
