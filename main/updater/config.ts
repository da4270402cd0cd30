import type { Localized } from '../session/keychain.js';

/**
 * Whether this copy of the console can update itself, and from where. The feed is fixed at build
 * time: `npm run dist` with GAMEOPS_UPDATE_URL set makes electron-builder write app-update.yml
 * (provider generic, that url) into the app's resources; without it there is no such file and
 * no updater, and the About box says why.
 */

export interface UpdateFeedConfig {
  provider: string;
  url: string;
}

/**
 * Reads electron-builder's app-update.yml: flat `key: value` lines (quoted or not). Anything but
 * a generic provider with an https URL (or http to this computer, for tests) counts as no feed:
 * the update's checksums travel in the feed itself, so a plain-http feed could be swapped whole.
 */
export function parseUpdateConfig(text: string | null): UpdateFeedConfig | null {
  if (!text) return null;
  const fields: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const m = /^([A-Za-z][\w]*):\s*(.*?)\s*$/.exec(line);
    if (!m) continue;
    fields[m[1]!] = m[2]!.replace(/^(['"])(.*)\1$/, '$2');
  }
  const provider = fields['provider'];
  const url = fields['url'];
  if (provider !== 'generic' || !url) return null;
  return isAcceptableFeedUrl(url) ? { provider, url } : null;
}

export function isAcceptableFeedUrl(raw: string): boolean {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return false;
  }
  if (u.username || u.password) return false;
  if (u.protocol === 'https:') return true;
  return u.protocol === 'http:' && /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/.test(u.hostname);
}

export interface AvailabilityInput {
  shell: 'electron' | 'browser';
  isPackaged: boolean;
  platform: NodeJS.Platform | string;
  /** The content of resources/app-update.yml, or null when the build has none. */
  updateConfig: string | null;
  /** Linux: the AppImage this copy runs from ($APPIMAGE), and resources/package-type (deb, rpm). */
  appImage?: string | null;
  packageType?: string | null;
}

export interface Availability {
  feed: string | null;
  /** Why the updater is off; null when it runs. */
  disabled: Localized | null;
}

export function updaterAvailability(input: AvailabilityInput): Availability {
  const config = parseUpdateConfig(input.updateConfig);
  const feed = config?.url ?? null;
  if (input.shell === 'browser') {
    return off(
      null,
      'The browser host does not update itself; the desktop app does.',
      '浏览器宿主不会自动更新；桌面应用会。',
    );
  }
  if (!input.isPackaged) {
    return off(null, 'A development build does not update itself.', '开发版本不会自动更新。');
  }
  if (!input.updateConfig) {
    return off(
      null,
      'This build has no update feed (it was built without GAMEOPS_UPDATE_URL): install new versions by hand.',
      '此版本没有更新源（构建时未设置 GAMEOPS_UPDATE_URL）：请手动安装新版本。',
    );
  }
  if (!config) {
    return off(
      null,
      'This build’s update feed is not a generic https:// address, so it is not used.',
      '此版本的更新源不是 generic 类型的 https:// 地址，因此不使用。',
    );
  }
  if (input.platform === 'linux' && !input.appImage && !['deb', 'rpm'].includes(input.packageType ?? '')) {
    return off(
      feed,
      'This copy was not installed from the AppImage or the .deb package, so it cannot replace itself.',
      '此副本不是通过 AppImage 或 .deb 安装包安装的，无法自行更新。',
    );
  }
  return { feed, disabled: null };
}

/** The updater is off, for the reason given in both languages. */
function off(feed: string | null, en: string, zh: string): Availability {
  return { feed, disabled: { en, 'zh-CN': zh } };
}
