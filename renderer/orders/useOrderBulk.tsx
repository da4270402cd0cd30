import { useMemo } from 'react';
import { Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { BULK_ACTIONS, type Order } from '../../shared/api/orders.js';
import { GAMES, type GameId } from '../../shared/games.js';
import { useLanguage } from '../i18n/i18n.js';
import type { ListBulk } from '../kit/BulkBar.js';
import { useEndpointMutation } from '../kit/data.js';
import { actionApplies } from './bulk.js';
import { StateTag } from './tags.js';

const ICONS = {
  resend: 'send-message',
  refund: 'undo',
  cancel: 'disable',
  approve: 'tick',
  reject: 'cross',
} as const;

/**
 * The order list's bulk actions: each names the action, the game and how many orders, runs
 * `orders.bulk` with one reason, and answers each order's result with its new state. Which orders
 * an action applies to is the detail page's rule (bulk.ts); the server decides in the end.
 */
export function useOrderBulk(game: GameId, me: string): ListBulk<Order> {
  const { t } = useTranslation();
  const lang = useLanguage();
  const run = useEndpointMutation('orders.bulk', { invalidates: ['players'] });
  const { mutateAsync } = run;
  return useMemo(
    () => ({
      selectTestId: (o: Order) => `order-select-${o.orderId}`,
      actions: BULK_ACTIONS.map((action) => {
        const name = t(`orders.action.${action}`);
        return {
          id: action,
          text: name,
          icon: ICONS[action],
          intent: Intent.PRIMARY,
          applies: (o: Order) => actionApplies(o, action, me),
          title: (count: number) =>
            t('orders.bulk.title', { action: name, count, game: GAMES[game].names[lang] }),
          warning: (count: number, applies: number) =>
            t('orders.bulk.warning', { action: name, count, applies }),
          confirm: (count: number) => t('orders.bulk.confirm', { action: name, count }),
          rowName: (o: Order) => o.orderId,
          rowId: (o: Order) => o.orderId,
          rowHeader: t('orders.field.orderId'),
          detailHeader: t('orders.field.state'),
          run: async (orders: readonly Order[], reason: string) => {
            const out = await mutateAsync({ game, action, orderIds: orders.map((o) => o.orderId), reason });
            return out.results.map((r) => ({
              id: r.orderId,
              ok: r.ok,
              message: r.message,
              detail: r.state ? <StateTag state={r.state} /> : null,
            }));
          },
          testId: 'order-bulk',
        };
      }),
    }),
    [t, lang, game, me, mutateAsync],
  );
}
