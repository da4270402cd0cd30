import type { BuilderConfig } from './release-config.js';

/**
 * Whether the installers hand gameops:// links to the app (issue 19): the scheme in the packaged
 * config's `protocols` (macOS's Info.plist takes it from there), in the Linux desktop entry
 * electron-builder writes (AppImage and deb), and in the NSIS installer's include.
 */

export const LINK_SCHEME = 'gameops';

export function linkProblems(desktopEntry: string, config: BuilderConfig): string[] {
  const problems: string[] = [];
  const protocols = (config['protocols'] ?? []) as { schemes?: string[] }[];
  if (!protocols.some((p) => p.schemes?.includes(LINK_SCHEME))) {
    problems.push(
      `electron-builder.yml registers no ${LINK_SCHEME}:// protocol (macOS's Info.plist has none)`,
    );
  }
  const mime = /^MimeType=(.*)$/m.exec(desktopEntry)?.[1]?.split(';') ?? [];
  if (!mime.includes(`x-scheme-handler/${LINK_SCHEME}`)) {
    problems.push(`the Linux desktop entry has no MimeType=x-scheme-handler/${LINK_SCHEME}`);
  }
  if (!/^Exec=.* %U$/m.test(desktopEntry)) {
    problems.push('the Linux desktop entry does not pass the link to the app (Exec without %U)');
  }
  const nsis = (config['nsis'] ?? {}) as { include?: string };
  if (nsis.include !== 'build/installer.nsh') {
    problems.push(
      `the NSIS installer does not include build/installer.nsh, which registers ${LINK_SCHEME}://`,
    );
  }
  return problems;
}
