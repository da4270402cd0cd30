import { useCallback, useState } from 'react';
import { Button, Intent, type IconName } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { GameId } from '../../shared/games.js';
import { ReasonConfirmDialog } from '../components/ReasonConfirmDialog.js';
import { useToasts } from '../components/Toaster.js';
import { useGameName, useRetained } from './labels.js';

/**
 * The actions on one row of a moderation list. Each has its texts under `moderation.<action>`:
 * title, warning, confirm, failed and done (texts.test.ts checks both languages have them).
 */
export const ROW_ACTIONS = [
  'blacklist.delete',
  'special.delete',
  'bans.unban',
  'bans.delete',
  'testing.refund',
] as const;
export type RowAction = (typeof ROW_ACTIONS)[number];
export const ROW_ACTION_TEXTS = ['title', 'warning', 'confirm', 'failed', 'done'] as const;

/** The button in a row that opens an action's dialog. */
export function RowButton({
  intent,
  icon,
  text,
  onClick,
  testId,
}: {
  intent: Intent;
  icon: IconName;
  text: string;
  onClick: () => void;
  testId: string;
}) {
  return (
    <Button
      size="small"
      variant="minimal"
      intent={intent}
      icon={icon}
      text={text}
      onClick={onClick}
      data-testid={testId}
    />
  );
}

/** A row's delete button. */
export function DeleteRowButton({ onClick, testId }: { onClick: () => void; testId: string }) {
  const { t } = useTranslation();
  return (
    <RowButton
      intent={Intent.DANGER}
      icon="trash"
      text={t('common.delete')}
      onClick={onClick}
      testId={testId}
    />
  );
}

/** The row a dialog acts on; null while none is open. */
export function useRowTarget<T>() {
  const [target, setTarget] = useState<T | null>(null);
  const close = useCallback(() => setTarget(null), []);
  return { target, open: setTarget, close };
}

/**
 * Confirms an action on one row with a reason, naming the game and the row in the warning, then
 * says it is done. The dialog keeps naming its row while it closes.
 */
export function RowActionDialog<T>({
  game,
  action,
  target,
  onClose,
  describe,
  run,
  icon,
  intent,
  testId,
}: {
  game: GameId;
  action: RowAction;
  target: T | null;
  onClose: () => void;
  /** The names the texts use besides the game's (the player, the entry…). */
  describe: (target: T) => Record<string, string>;
  run: (target: T, reason: string) => Promise<unknown>;
  icon: IconName;
  intent: Intent;
  testId: string;
}) {
  const { t } = useTranslation();
  const toasts = useToasts();
  const gameName = useGameName(game);
  const shown = useRetained(target);
  if (!shown) return null;
  const names = { game: gameName, ...describe(shown) };
  const text = (part: (typeof ROW_ACTION_TEXTS)[number]) => t(`moderation.${action}.${part}`, names);
  return (
    <ReasonConfirmDialog
      isOpen={target !== null}
      onClose={onClose}
      title={text('title')}
      warning={text('warning')}
      confirmText={text('confirm')}
      failedTitle={text('failed')}
      icon={icon}
      intent={intent}
      onConfirm={(reason) => run(shown, reason)}
      onDone={() => toasts.success(text('done'))}
      testId={testId}
    />
  );
}
