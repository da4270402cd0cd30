import { rendererFeature } from '../feature.js';
import { lazyScreen, prefetchFrom } from '../kit/lazy.js';

/**
 * Access requests: the newcomer's form on /auth/register, and the super-admin's list where each
 * request is approved with roles or declined with a reason. Each screen loads when first opened.
 */
export const accessRequestsFeature = rendererFeature({
  id: 'accessRequests',
  screens: {
    'auth.register': lazyScreen(() => import('./RequestAccessPage.js'), 'RequestAccessPage'),
    'admin.accessRequests': lazyScreen(() => import('./AccessRequestsPage.js'), 'AccessRequestsPage', {
      prefetch: prefetchFrom(() => import('./lists.js'), 'accessRequests'),
    }),
  },
  texts: { 'zh-CN': () => import('./zh-CN.json'), en: () => import('./en.json') },
});
