import { rendererFeature, topBarWidget } from '../feature.js';
import { lazyScreen, prefetchFrom } from '../kit/lazy.js';

/**
 * Every operator's own to-do list: the list and create screens load when their route first
 * opens; the top bar's popup (TodoPopup) loads with the frame.
 */
export const todoFeature = rendererFeature({
  id: 'todo',
  screens: {
    'todo.list': lazyScreen(() => import('./TodoListPage.js'), 'TodoListPage', {
      prefetch: prefetchFrom(() => import('./lists.js'), 'todo'),
    }),
    'todo.create': lazyScreen(() => import('./TodoCreatePage.js'), 'TodoCreatePage'),
  },
  texts: { 'zh-CN': () => import('./zh-CN.json'), en: () => import('./en.json') },
  topBar: [
    topBarWidget({ id: 'todo.popup', place: 'end', order: 30 }, () => import('./TodoPopup.js'), 'TodoPopup'),
  ],
});
