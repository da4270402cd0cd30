import { rendererFeature, topBarWidget } from '../feature.js';

/** The desktop app's updater in the window: the top bar's button, the update dialog, its status. */
export const updatesFeature = rendererFeature({
  id: 'updates',
  texts: { 'zh-CN': () => import('./zh-CN.json'), en: () => import('./en.json') },
  // First of the end: an update waiting to be installed is what the operator should see first.
  topBar: [
    topBarWidget(
      { id: 'updates.button', place: 'end', order: 10 },
      () => import('./UpdateButton.js'),
      'UpdateButton',
    ),
  ],
});
