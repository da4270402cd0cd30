import { rendererFeature } from '../feature.js';
import { lazyScreen, prefetchFrom } from '../kit/lazy.js';

/** Activation codes and shop tickets, in every game: one set of screens, given the kind. */
export const giftCodesFeature = rendererFeature({
  id: 'giftCodes',
  gameScreens: {
    activeCodes: lazyScreen(() => import('./GiftCodesPage.js'), 'ActiveCodesPage', {
      prefetch: prefetchFrom(() => import('./lists.js'), 'activeCodes'),
    }),
    shopTickets: lazyScreen(() => import('./GiftCodesPage.js'), 'ShopTicketsPage', {
      prefetch: prefetchFrom(() => import('./lists.js'), 'shopTickets'),
    }),
  },
  texts: { 'zh-CN': () => import('./zh-CN.json'), en: () => import('./en.json') },
});
