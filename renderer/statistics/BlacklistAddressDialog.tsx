import { useMemo } from 'react';
import { Dialog, DialogBody, Intent, Spinner } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AddressAccounts } from '../../shared/api/statistics.js';
import { Codes } from '../../shared/codes.js';
import { GAMES, type GameId } from '../../shared/games.js';
import { asResultError } from '../bridge/result.js';
import { QueryState } from '../components/QueryState.js';
import { playerLabel } from '../components/playerLabel.js';
import { useLanguage } from '../i18n/i18n.js';
import { BulkActionDialog } from '../kit/BulkActionDialog.js';
import { callEndpoint, useEndpointQuery } from '../kit/data.js';
import { invalidationFilters } from '../kit/queryKeys.js';
import type { BulkAction, BulkRowResult } from '../kit/rowActions.js';

/** What the blacklist takes from an address: the address itself, and each account seen there. */
export interface BlacklistTarget {
  id: string;
  kind: 'ip' | 'player';
  value: string;
  name: string;
}

export function targetsOf(a: AddressAccounts): BlacklistTarget[] {
  return [
    { id: `ip:${a.ip}`, kind: 'ip', value: a.ip, name: a.ip },
    ...a.accounts.map((p) => ({
      id: `player:${p.playerId}`,
      kind: 'player' as const,
      value: p.playerId,
      name: playerLabel(p.playerId, p.playerName),
    })),
  ];
}

/**
 * Blacklists each target through the moderation feature's own endpoint (`blacklist.create`: its
 * checks, its audit entry per target, with the one reason), one after the other; a target the
 * blacklist refuses (already on it) is said so and the others go on.
 */
export async function blacklistAll(
  game: GameId,
  targets: readonly BlacklistTarget[],
  reason: string,
): Promise<BulkRowResult[]> {
  const out: BulkRowResult[] = [];
  for (const target of targets) {
    try {
      await callEndpoint('blacklist.create', { game, kind: target.kind, value: target.value, reason });
      out.push({ id: target.id, ok: true });
    } catch (err) {
      out.push({ id: target.id, ok: false, message: asResultError(err, Codes.NETWORK).message });
    }
  }
  return out;
}

/**
 * One action from the IP statistics: blacklist an address and every account that signed in from
 * it, after a confirmation naming the game, the address and how many accounts, with a reason.
 */
export function BlacklistAddressDialog({
  game,
  ip,
  onClose,
}: {
  game: GameId;
  ip: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const qc = useQueryClient();
  const accounts = useEndpointQuery('ipStats.accounts', { game, ip });
  const gameName = GAMES[game].names[lang];
  const action = useMemo(
    (): BulkAction<BlacklistTarget> => ({
      id: 'blacklist',
      text: t('statistics.ip.blacklist.action'),
      icon: 'blocked-person',
      intent: Intent.DANGER,
      applies: () => true,
      title: () => t('statistics.ip.blacklist.title', { ip, game: gameName }),
      warning: (count) => t('statistics.ip.blacklist.warning', { ip, game: gameName, accounts: count - 1 }),
      confirm: (count) => t('statistics.ip.blacklist.confirm', { count }),
      rowName: (r) => r.name,
      rowId: (r) => r.id,
      rowHeader: t('statistics.ip.blacklist.target'),
      run: (rows, reason) => blacklistAll(game, rows, reason),
      testId: 'ip-blacklist',
    }),
    [t, ip, game, gameName],
  );
  const onDone = () => {
    for (const queryKey of invalidationFilters(
      'blacklist.create',
      { game, kind: 'ip', value: ip, reason: '' },
      ['players'],
    ))
      void qc.invalidateQueries({ queryKey });
  };
  if (accounts.data)
    return (
      <BulkActionDialog action={action} rows={targetsOf(accounts.data)} onClose={onClose} onDone={onDone} />
    );
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={t('statistics.ip.blacklist.loading', { ip })}
      icon="blocked-person"
    >
      <DialogBody>
        <QueryState
          query={accounts}
          failedTitle={t('statistics.ip.accountsFailed')}
          spinner={<Spinner size={24} />}
        >
          {() => null}
        </QueryState>
      </DialogBody>
    </Dialog>
  );
}
