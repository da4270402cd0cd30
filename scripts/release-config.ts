import type { KeyObject } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { builtInUpdateKeys, updateSigningKey } from './update-signing.js';

/**
 * electron-builder.yml as a release actually uses it: the update feed and Windows signing come
 * from the environment of the release machine (never from the repository), and this says, in
 * plain words, what the build will and will not have.
 */

export const REPO = fileURLToPath(new URL('../', import.meta.url));
const require = createRequire(import.meta.url);

export type BuilderConfig = Record<string, unknown>;

export async function loadBuilderConfig(): Promise<BuilderConfig> {
  const yaml = require('js-yaml') as { load(text: string): unknown };
  return yaml.load(await readFile(`${REPO}electron-builder.yml`, 'utf8')) as BuilderConfig;
}

export interface ReleasePlan {
  config: BuilderConfig;
  /** What the build will have and lack, one line each, for the release engineer. */
  notes: string[];
  /** Settings that cannot work; the build stops before it starts. */
  problems: string[];
  /** Signs the update files (a build with a feed); null without a feed. */
  updateSigningKey: KeyObject | null;
}

export interface ReleaseOptions {
  /** The update signing keys the app is built with (default: build/update-signing-keys.json). */
  updateKeys?: readonly string[];
  /** The platforms this run builds (buildPlatforms); default: all three. */
  platforms?: readonly Platform[];
}

export type Platform = 'mac' | 'win' | 'linux';

/** The platforms an electron-builder command line builds: its flags, else this machine's. */
export function buildPlatforms(argv: readonly string[], host: NodeJS.Platform): Platform[] {
  const flags: Record<string, Platform> = {
    '--mac': 'mac',
    '--macos': 'mac',
    '-m': 'mac',
    '-o': 'mac',
    '--win': 'win',
    '--windows': 'win',
    '-w': 'win',
    '--linux': 'linux',
    '-l': 'linux',
  };
  const chosen = new Set(argv.map((a) => flags[a]).filter((p): p is Platform => p !== undefined));
  if (chosen.size > 0) return [...chosen];
  return [host === 'darwin' ? 'mac' : host === 'win32' ? 'win' : 'linux'];
}

type Env = Record<string, string | undefined>;

const isSet = (v: string | undefined): v is string => typeof v === 'string' && v.trim() !== '';

/** An update feed must be https (its checksums travel in it); plain http only to this computer. */
export function feedProblem(url: string): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return `GAMEOPS_UPDATE_URL is not a URL: ${url}`;
  }
  if (u.username || u.password) return 'GAMEOPS_UPDATE_URL must not hold a user name or password';
  if (u.protocol === 'https:') return null;
  if (u.protocol === 'http:' && /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/.test(u.hostname)) return null;
  return `GAMEOPS_UPDATE_URL must be https:// (the update's checksums travel in the feed): ${url}`;
}

export function releaseConfig(base: BuilderConfig, env: Env, opts: ReleaseOptions = {}): ReleasePlan {
  const config: BuilderConfig = structuredClone(base);
  const notes: string[] = [];
  const problems: string[] = [];
  let signingKey: KeyObject | null = null;

  // The update feed, fixed at build time into resources/app-update.yml.
  const feed = env['GAMEOPS_UPDATE_URL'];
  if (isSet(feed)) {
    const problem = feedProblem(feed);
    if (problem) problems.push(problem);
    // A trailing slash: electron-updater resolves latest.yml and the files against this folder.
    config['publish'] = { provider: 'generic', url: feed.endsWith('/') ? feed : `${feed}/` };
    notes.push(`update feed: ${feed} (the app checks it at start and every 4 hours)`);
    // Every installed copy refuses an update without the publisher's signature: no feed without it.
    const signing = updateSigningKey(env, opts.updateKeys ?? builtInUpdateKeys());
    if (signing.problem) problems.push(signing.problem);
    else
      notes.push(
        'updates: each update file is signed with GAMEOPS_UPDATE_SIGNING_KEY (<file>.sig beside it)',
      );
    signingKey = signing.key;
  } else {
    config['publish'] = null;
    notes.push(
      'no update feed: GAMEOPS_UPDATE_URL is not set, so this build has no updater (its About box says so); set it to build one that updates itself',
    );
  }

  // Windows signing: a certificate file, Azure Trusted Signing, or any other signing command.
  const win = { ...(config['win'] as Record<string, unknown>) };
  const azure = {
    endpoint: env['AZURE_TRUSTED_SIGNING_ENDPOINT'],
    codeSigningAccountName: env['AZURE_TRUSTED_SIGNING_ACCOUNT'],
    certificateProfileName: env['AZURE_TRUSTED_SIGNING_PROFILE'],
  };
  const azureParts = Object.values(azure).filter(isSet).length;
  const signCommand = env['WIN_SIGN_COMMAND'];
  const certificate = isSet(env['WIN_CSC_LINK']) || isSet(env['CSC_LINK']);
  // CSC_LINK alone also signs macOS builds: it asks for Windows' publisher only when Windows is built.
  const buildsWindows = (opts.platforms ?? ['mac', 'win', 'linux']).includes('win');
  const signsWindows =
    azureParts > 0 || isSet(signCommand) || isSet(env['WIN_CSC_LINK']) || (certificate && buildsWindows);
  // The updater refuses a downloaded installer whose certificate does not carry this exact name.
  const publisherName = env['WIN_PUBLISHER_NAME']?.trim();
  const publisher = publisherName ? { publisherName } : {};
  if (signsWindows && !publisherName) {
    problems.push(
      "Windows signing needs WIN_PUBLISHER_NAME, the signing certificate's subject name (CN) exactly: installed copies check every update against it, and refuse all of them when it is wrong",
    );
  } else if (publisherName && !signsWindows) {
    problems.push(
      'WIN_PUBLISHER_NAME is set but nothing signs Windows builds: installed copies would refuse every (unsigned) update',
    );
  }
  const modes = [azureParts > 0, isSet(signCommand), certificate].filter(Boolean).length;
  if (modes > 1) {
    problems.push(
      'choose one way to sign for Windows: AZURE_TRUSTED_SIGNING_* , WIN_SIGN_COMMAND, or CSC_LINK / WIN_CSC_LINK',
    );
  }
  if (azureParts > 0) {
    if (azureParts < 3) {
      problems.push(
        'Azure Trusted Signing needs AZURE_TRUSTED_SIGNING_ENDPOINT, AZURE_TRUSTED_SIGNING_ACCOUNT and AZURE_TRUSTED_SIGNING_PROFILE',
      );
    }
    for (const v of ['AZURE_TENANT_ID', 'AZURE_CLIENT_ID']) {
      if (!isSet(env[v]))
        problems.push(
          `Azure Trusted Signing signs in to Entra ID with AZURE_TENANT_ID, AZURE_CLIENT_ID and a secret or certificate: ${v} is not set`,
        );
    }
    delete win['signtoolOptions'];
    win['azureSignOptions'] = { ...azure, ...publisher };
    notes.push(
      `Windows: signed by Azure Trusted Signing (${azure.codeSigningAccountName ?? '?'} / ${azure.certificateProfileName ?? '?'})`,
    );
  } else if (isSet(signCommand)) {
    win['signtoolOptions'] = {
      ...(win['signtoolOptions'] as Record<string, unknown>),
      sign: 'build/sign-windows.cjs',
      ...publisher,
    };
    notes.push('Windows: signed by WIN_SIGN_COMMAND for each file (build/sign-windows.cjs)');
  } else if (certificate) {
    win['signtoolOptions'] = { ...(win['signtoolOptions'] as Record<string, unknown>), ...publisher };
    notes.push('Windows: signed with the certificate in CSC_LINK / WIN_CSC_LINK');
  } else {
    notes.push(
      'Windows: unsigned (no signing configured); SmartScreen will warn and updates cannot be verified',
    );
  }
  config['win'] = win;

  // macOS: electron-builder signs with CSC_LINK and notarises when Apple's credentials are set.
  const apiKey = ['APPLE_API_KEY', 'APPLE_API_KEY_ID', 'APPLE_API_ISSUER'].every((v) => isSet(env[v]));
  const appleId = ['APPLE_ID', 'APPLE_APP_SPECIFIC_PASSWORD', 'APPLE_TEAM_ID'].every((v) => isSet(env[v]));
  notes.push(
    apiKey || appleId
      ? `macOS: notarised with ${apiKey ? 'an App Store Connect API key' : 'an Apple ID'}`
      : 'macOS: not notarised (set APPLE_API_KEY + APPLE_API_KEY_ID + APPLE_API_ISSUER, or APPLE_ID + APPLE_APP_SPECIFIC_PASSWORD + APPLE_TEAM_ID)',
  );
  return { config, notes, problems, updateSigningKey: signingKey };
}
