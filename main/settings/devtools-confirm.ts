import type { Language } from '../../shared/codes.js';

/**
 * The native confirmation before the developer tools are allowed (settings:devTools). Native, so
 * that no code in the window can draw it or answer it: the window only asks main to ask.
 * Electron's dialog shows it (main/index.ts); the texts and the reading of the answer are here.
 */

export interface DevToolsQuestion {
  type: 'warning';
  title: string;
  message: string;
  detail: string;
  /** [Cancel, Allow]: Cancel first, the default and what Escape chooses. */
  buttons: [string, string];
  defaultId: 0;
  cancelId: 0;
  noLink: true;
}

const TEXT = {
  title: { en: 'Developer tools', 'zh-CN': '开发者工具' },
  message: { en: 'Allow developer tools in this app?', 'zh-CN': '允许在此应用中使用开发者工具？' },
  detail: {
    en: 'From the next start, anyone at this computer can open the developer tools and read what the console shows, including operator data, and change what it does. Allow them only for a support case, and turn them off again when it is closed.',
    'zh-CN':
      '下次启动后，这台电脑前的任何人都可以打开开发者工具，读取控制台显示的内容（包括运营数据）并改变其行为。仅在处理支持工单时允许，工单结束后请再次关闭。',
  },
  cancel: { en: 'Cancel', 'zh-CN': '取消' },
  allow: { en: 'Allow developer tools', 'zh-CN': '允许开发者工具' },
} as const satisfies Record<string, Record<Language, string>>;

export function devToolsQuestion(language: Language): DevToolsQuestion {
  return {
    type: 'warning',
    title: TEXT.title[language],
    message: TEXT.message[language],
    detail: TEXT.detail[language],
    buttons: [TEXT.cancel[language], TEXT.allow[language]],
    defaultId: 0,
    cancelId: 0,
    noLink: true,
  };
}

/** Whether the operator chose Allow (the index of the button clicked). */
export function allowedBy(response: number): boolean {
  return response === 1;
}

/** The shape of Electron's dialog.showMessageBox that the question needs. */
export type ShowMessageBox = (question: DevToolsQuestion) => Promise<{ response: number }>;

/** The confirmation settings:devTools waits for, over whatever shows the box. */
export function confirmDevToolsWith(show: ShowMessageBox): (language: Language) => Promise<boolean> {
  return async (language) => allowedBy((await show(devToolsQuestion(language))).response);
}
