import { Button, NumericInput } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { OptionSelect, type Option } from '../kit/OptionSelect.js';
import { addRewardLine, type RewardLine } from './batchForm.js';

/** At most this many items in one batch's grant. */
const MAX_LINES = 20;

/** What an activation code grants: lines of an item and a count, added and removed. */
export function RewardLines({
  lines,
  items,
  onChange,
}: {
  lines: readonly RewardLine[];
  items: readonly Option[];
  onChange: (lines: RewardLine[]) => void;
}) {
  const { t } = useTranslation();
  const setLine = (key: number, patch: Partial<RewardLine>) =>
    onChange(lines.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  return (
    <div className="gift-rewards" data-testid="batch-rewards">
      {lines.map((line, i) => (
        <div className="gift-reward-line" key={line.key} data-testid="batch-reward-line">
          <OptionSelect
            value={line.itemId}
            none={t('giftCodes.form.chooseItem')}
            options={items}
            onChange={(v) => setLine(line.key, { itemId: v })}
            aria-label={t('giftCodes.form.rewardItem', { n: i + 1 })}
            data-testid={`batch-reward-item-${i}`}
          />
          <NumericInput
            value={line.count}
            min={1}
            max={1_000_000}
            allowNumericCharactersOnly
            onValueChange={(_n, text) => setLine(line.key, { count: text })}
            aria-label={t('giftCodes.form.rewardCount', { n: i + 1 })}
            className="gift-reward-count"
            data-testid={`batch-reward-count-${i}`}
          />
          <Button
            icon="cross"
            variant="minimal"
            disabled={lines.length <= 1}
            aria-label={t('giftCodes.form.removeReward', { n: i + 1 })}
            title={t('giftCodes.form.removeReward', { n: i + 1 })}
            onClick={() => onChange(lines.filter((l) => l.key !== line.key))}
            data-testid={`batch-reward-remove-${i}`}
          />
        </div>
      ))}
      <Button
        icon="add"
        variant="minimal"
        text={t('giftCodes.form.addReward')}
        disabled={lines.length >= MAX_LINES}
        onClick={() => onChange(addRewardLine(lines))}
        data-testid="batch-reward-add"
      />
    </div>
  );
}
