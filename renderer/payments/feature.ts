import { rendererFeature } from '../feature.js';
import { lazyScreen } from '../kit/lazy.js';

/** The payment side for a SUPER: every game's pay orders, and the providers with the pay server. */
export const paymentsFeature = rendererFeature({
  id: 'payments',
  screens: {
    'admin.payOrders': lazyScreen(() => import('./PayOrdersPage.js'), 'PayOrdersPage'),
    'admin.paypal': lazyScreen(() => import('./PayPalPage.js'), 'PayPalPage'),
  },
  texts: { 'zh-CN': () => import('./zh-CN.json'), en: () => import('./en.json') },
});
