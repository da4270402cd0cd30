import type { ComponentType } from 'react';
import type { GameId } from '../../shared/games.js';
import { rendererFeature } from '../feature.js';
import { lazyScreen, prefetchFrom } from '../kit/lazy.js';

type GameScreen = ComponentType<{ game: GameId }>;
/** What an order list reads first, started with the navigation (lists.ts). */
const lists = () => import('./lists.js');
const payTabs: GameScreen = lazyScreen(() => import('./OrderPages.js'), 'PayTabsPage', {
  prefetch: prefetchFrom(lists, 'payTabs'),
});

/**
 * A game's orders: the order search (recharge/retrive), manual orders (recharge/ordercreate), the
 * pay and shop tabs of atomicwar and lw, and lw's order detail page.
 */
export const ordersFeature = rendererFeature({
  id: 'orders',
  gameScreens: {
    // Warm: operators search orders daily, and its code brings the list kit every list page uses.
    orderRetrieve: lazyScreen(() => import('./OrderPages.js'), 'OrderSearchPage', {
      prefetch: prefetchFrom(lists, 'orderSearch'),
      warm: 30,
    }),
    orderCreate: lazyScreen(() => import('./CreateOrderPage.js'), 'CreateOrderPage'),
    pay: payTabs,
    payTab: payTabs,
    shop: payTabs,
    shopTab: payTabs,
    orderDetail: lazyScreen(() => import('./OrderPages.js'), 'OrderDetailPage'),
  },
  texts: { 'zh-CN': () => import('./zh-CN.json'), en: () => import('./en.json') },
});
