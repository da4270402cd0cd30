import { useTranslation } from 'react-i18next';
import type { GameId } from '../../shared/games.js';
import type { EndpointId, InputOf } from '../../shared/api/table.js';
import { ReasonConfirmDialog } from '../components/ReasonConfirmDialog.js';
import { useToasts } from '../components/Toaster.js';
import { useEndpointMutation } from './data.js';
import { useRetained } from './gameName.js';
import { GAMES } from '../../shared/games.js';
import { useLanguage } from '../i18n/i18n.js';
import { rowActionTextKey, type RowAction, type RowActionText } from './rowActions.js';

/**
 * Confirms one row action with a reason, naming the game and the row in the title and warning,
 * runs it (what it changed is fetched again), then says it is done. It keeps naming its row
 * while it closes.
 */
export function RowActionDialog<T>({
  action,
  game,
  target,
  onClose,
}: {
  action: RowAction<T>;
  game: GameId | null;
  target: T | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const toasts = useToasts();
  const mutation = useEndpointMutation(action.endpoint, {
    ...(action.invalidates ? { invalidates: action.invalidates } : {}),
  });
  const shown = useRetained(target);
  if (!shown) return null;
  const names = { ...(game ? { game: GAMES[game].names[lang] } : {}), ...action.names(shown, { t, lang }) };
  const text = (part: RowActionText) => t(rowActionTextKey(action, part), names);
  return (
    <ReasonConfirmDialog
      isOpen={target !== null}
      onClose={onClose}
      title={text('title')}
      warning={text('warning')}
      confirmText={text('confirm')}
      failedTitle={text('failed')}
      icon={action.icon}
      intent={action.intent}
      onConfirm={async (reason) => {
        // rowAction checked the input against the endpoint when the action was declared.
        const output = await mutation.mutateAsync(action.input(shown, reason) as InputOf<EndpointId>);
        const copy = action.copy?.(output);
        toasts.success(text('done'), copy ? { copy } : undefined);
      }}
      testId={action.dialogTestId}
    />
  );
}
