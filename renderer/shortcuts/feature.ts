import { rendererFeature, topBarWidget } from '../feature.js';
import { lazyScreen } from '../kit/lazy.js';

/**
 * Every operator's own shortcuts (/admin/shortcut): the page loads when its route first opens;
 * the pinned pages and the keyboard (the global hotkeys and the command palette they open) stand
 * in the top bar, first after the console's title.
 */
export const shortcutsFeature = rendererFeature({
  id: 'shortcuts',
  screens: {
    'admin.shortcut': lazyScreen(() => import('./ShortcutsPage.js'), 'ShortcutsPage'),
  },
  texts: { 'zh-CN': () => import('./zh-CN.json'), en: () => import('./en.json') },
  topBar: [
    topBarWidget(
      { id: 'shortcuts.pinned', place: 'start', order: 10 },
      () => import('./PinnedPages.js'),
      'PinnedPages',
    ),
    topBarWidget(
      { id: 'shortcuts.keys', place: 'start', order: 20 },
      () => import('./ShortcutsHost.js'),
      'ShortcutsHost',
    ),
  ],
});
