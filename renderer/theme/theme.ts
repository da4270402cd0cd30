import { useLayoutEffect, useSyncExternalStore } from 'react';
import { Classes } from '@blueprintjs/core';
import type { Theme } from '../../shared/settings.js';
import './theme.css';

/**
 * Dark mode (issue 10): the theme setting, `system` by default, which follows the OS through
 * prefers-color-scheme. In the desktop app main also sets nativeTheme.themeSource to the setting,
 * so the window's own prefers-color-scheme, the menus and native dialogs agree; in a browser the
 * browser's preference is the OS's. Dark is Blueprint's Classes.DARK on <body>, so portals
 * (dialogs, toasts, popovers) and tables are dark too.
 */

export type EffectiveTheme = 'light' | 'dark';

export function resolveTheme(setting: Theme, prefersDark: boolean): EffectiveTheme {
  if (setting === 'system') return prefersDark ? 'dark' : 'light';
  return setting;
}

export function applyTheme(doc: Document, theme: EffectiveTheme): void {
  doc.body.classList.toggle(Classes.DARK, theme === 'dark');
  doc.documentElement.style.colorScheme = theme;
  doc.documentElement.dataset['theme'] = theme;
}

let setting: Theme = 'system';
const listeners = new Set<() => void>();

export function themeSetting(): Theme {
  return setting;
}

/** The setting as saved (or just chosen here): the renderer's copy. */
export function setThemeSetting(next: Theme): void {
  if (next === setting) return;
  setting = next;
  for (const l of [...listeners]) l();
}

export function useThemeSetting(): Theme {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => void listeners.delete(l);
    },
    () => setting,
  );
}

const DARK_QUERY = '(prefers-color-scheme: dark)';

function usePrefersDark(): boolean {
  return useSyncExternalStore(
    (l) => {
      const mq = window.matchMedia(DARK_QUERY);
      mq.addEventListener('change', l);
      return () => mq.removeEventListener('change', l);
    },
    () => window.matchMedia(DARK_QUERY).matches,
  );
}

/**
 * The saved setting, applied to the document before the first render (main.tsx has read the
 * settings already): the first paint is in the right theme, with no light flash in dark mode.
 */
export function initTheme(saved: Theme): void {
  setting = saved;
  applyTheme(document, resolveTheme(saved, window.matchMedia(DARK_QUERY).matches));
}

/** Keeps <body> in the theme: the saved setting, then the OS whenever the setting is `system`. */
export function useDocumentTheme(): EffectiveTheme {
  const chosen = useThemeSetting();
  const prefersDark = usePrefersDark();
  const effective = resolveTheme(chosen, prefersDark);
  // Before the browser paints the change, so no frame shows the old theme.
  useLayoutEffect(() => applyTheme(document, effective), [effective]);
  return effective;
}

/** The theme the console is drawn in now (for what draws itself, such as a chart's canvas). */
export function useEffectiveTheme(): EffectiveTheme {
  return resolveTheme(useThemeSetting(), usePrefersDark());
}
