import { rendererFeature } from '../feature.js';
import { lazyScreen, prefetchFrom } from '../kit/lazy.js';

/** Operator management (super-admin); each screen loads when its route first opens. */
export const usersFeature = rendererFeature({
  id: 'users',
  screens: {
    'admin.users': lazyScreen(() => import('./UsersListPage.js'), 'UsersListPage', {
      prefetch: prefetchFrom(() => import('./lists.js'), 'users'),
    }),
    'admin.userCreate': lazyScreen(() => import('./UserCreatePage.js'), 'UserCreatePage'),
    'admin.user': lazyScreen(() => import('./UserDetailPage.js'), 'UserDetailPage'),
    'admin.userEdit': lazyScreen(() => import('./UserEditPage.js'), 'UserEditPage'),
  },
  texts: { 'zh-CN': () => import('./zh-CN.json'), en: () => import('./en.json') },
});
