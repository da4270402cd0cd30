import type { AboutInfo, UpdateState } from '../../shared/ipc.js';
import type { TokenStorage } from '../../shared/session.js';

/** One fact of the About box: its label's key and its value, in the order shown and copied. */
export interface AboutFact {
  key: string;
  value: string;
}

export interface AboutInput {
  about: AboutInfo;
  tokenStorage: TokenStorage | null;
  tokenStorageReason: string | null;
  /** The backend in use, from app:info. */
  backend: { mode: 'embedded' | 'custom'; url: string | null } | null;
  update: UpdateState | null;
}

/**
 * What the About box lists, and what "Copy" puts on the clipboard for a support request: the
 * same facts, nothing secret (no token, no password, no operator data).
 */
export function aboutFacts(
  input: AboutInput,
  say: (key: string, values?: Record<string, string>) => string,
): AboutFact[] {
  const { about } = input;
  const none = say('about.none');
  const facts: AboutFact[] = [
    { key: 'about.version', value: about.version },
    { key: 'about.electron', value: about.versions.electron ?? none },
    { key: 'about.chromium', value: about.versions.chrome ?? none },
    { key: 'about.node', value: about.versions.node },
    { key: 'about.platform', value: `${about.platform} ${about.arch}` },
    {
      key: 'about.tokens',
      value: input.tokenStorage
        ? [say(`about.storage.${input.tokenStorage}`), input.tokenStorageReason].filter(Boolean).join(': ')
        : none,
    },
    {
      key: 'about.backend',
      value: input.backend
        ? input.backend.mode === 'embedded'
          ? say('about.embedded', { url: input.backend.url ?? none })
          : say('about.custom', { url: input.backend.url ?? none })
        : none,
    },
    { key: 'about.dataFolder', value: about.dataFolder ?? none },
    { key: 'about.logsFolder', value: about.logsFolder ?? none },
    { key: 'about.feed', value: about.updates.feed ?? about.updates.disabledReason ?? none },
    { key: 'about.channel', value: say(`theme.${about.updates.channel}`) },
  ];
  if (input.update?.lastCheckAt) {
    facts.push({ key: 'about.lastCheck', value: new Date(input.update.lastCheckAt).toISOString() });
  }
  return facts;
}

export function aboutClipboardText(
  name: string,
  facts: readonly AboutFact[],
  say: (key: string) => string,
): string {
  return [name, ...facts.map((f) => `${say(f.key)}: ${f.value}`)].join('\n');
}
