import { rendererFeature } from '../feature.js';
import { lazyScreen } from '../kit/lazy.js';

/**
 * Every operator's own shortcuts (/admin/shortcut): the page loads when its route first opens;
 * the global hotkeys, the command palette and the pinned pages are part of the top bar
 * (ShortcutsHost, PinnedPages).
 */
export const shortcutsFeature = rendererFeature({
  id: 'shortcuts',
  screens: {
    'admin.shortcut': lazyScreen(() => import('./ShortcutsPage.js'), 'ShortcutsPage'),
  },
  texts: { 'zh-CN': () => import('./zh-CN.json'), en: () => import('./en.json') },
});
