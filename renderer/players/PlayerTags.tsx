import { Intent, type TagProps } from '@blueprintjs/core';
import { LabelTag } from '../kit/LabelTag.js';
import { useTranslation } from 'react-i18next';
import type { PlayerRow, PlayerState } from '../../shared/api/players.js';
import type { StatusValue } from '../../shared/player-tabs.js';

/** The account state and flags, drawn the same way in search results and on the detail header. */

export const STATE_INTENT: Record<PlayerState, Intent> = {
  active: Intent.SUCCESS,
  inactive: Intent.WARNING,
  deleted: Intent.DANGER,
};

export type PlayerFlag = keyof PlayerRow['flags'];
export const FLAG_KEYS: readonly PlayerFlag[] = ['banned', 'testing', 'special'];
export const FLAG_INTENT: Record<PlayerFlag, Intent> = {
  banned: Intent.DANGER,
  testing: Intent.PRIMARY,
  special: Intent.WARNING,
};

export function StateTag({ state, ...props }: { state: PlayerState } & TagProps) {
  const { t } = useTranslation();
  return (
    <LabelTag minimal intent={STATE_INTENT[state]} {...props}>
      {t(`players.state.${state}`)}
    </LabelTag>
  );
}

export function FlagTags({ flags }: { flags: PlayerRow['flags'] }) {
  const { t } = useTranslation();
  const set = FLAG_KEYS.filter((f) => flags[f]);
  if (set.length === 0) return null;
  return (
    <span className="player-flags">
      {set.map((f) => (
        <LabelTag key={f} minimal intent={FLAG_INTENT[f]}>
          {t(`players.flag.${f}`)}
        </LabelTag>
      ))}
    </span>
  );
}

/** Status codes of tab cells, and equipment qualities, which get their own colours in players.css. */
const STATUS_INTENT: Partial<Record<StatusValue, Intent>> = {
  paid: Intent.SUCCESS,
  pending: Intent.WARNING,
  refunded: Intent.PRIMARY,
  failed: Intent.DANGER,
  inProgress: Intent.WARNING,
  done: Intent.SUCCESS,
  claimed: Intent.PRIMARY,
};

export function StatusTag({ value }: { value: string }) {
  const { t } = useTranslation();
  const intent = STATUS_INTENT[value as StatusValue] ?? Intent.NONE;
  return (
    <LabelTag minimal intent={intent} className={`player-status player-status-${value}`}>
      {t(`players.status.${value}`, { defaultValue: value })}
    </LabelTag>
  );
}
