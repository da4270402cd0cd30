import type { ComponentType } from 'react';
import type { GameId } from '../../shared/games.js';
import { rendererFeature } from '../feature.js';
import { lazyScreen } from '../kit/lazy.js';

type GameScreen = ComponentType<{ game: GameId }>;
const payTabs: GameScreen = lazyScreen(() => import('./OrderPages.js'), 'PayTabsPage');

/**
 * A game's orders: the order search (recharge/retrive), manual orders (recharge/ordercreate), the
 * pay and shop tabs of atomicwar and lw, and lw's order detail page.
 */
export const ordersFeature = rendererFeature({
  id: 'orders',
  gameScreens: {
    orderRetrieve: lazyScreen(() => import('./OrderPages.js'), 'OrderSearchPage'),
    orderCreate: lazyScreen(() => import('./CreateOrderPage.js'), 'CreateOrderPage'),
    pay: payTabs,
    payTab: payTabs,
    shop: payTabs,
    shopTab: payTabs,
    orderDetail: lazyScreen(() => import('./OrderPages.js'), 'OrderDetailPage'),
  },
  texts: { 'zh-CN': () => import('./zh-CN.json'), en: () => import('./en.json') },
});
