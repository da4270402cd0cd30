import { stopOnSignals } from '../../server/stop-on-signals.js';
import { parseArgs } from 'node:util';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startHost, type HostBackendOptions } from './host.js';

/**
 * `npm run web`: the console in your browser, against the embedded reference backend (or
 * `--backend-url`). Prints the launch URL; the bridge answers only a browser that opened it.
 */
const HELP = `Usage: npm run web -- [options]

  --port <n>            port on 127.0.0.1 (default: 5180; 0 picks a free one)
  --data-dir <dir>      settings, session and the embedded database (default: .data/host)
  --backend-url <url>   use a running reference backend (http://127.0.0.1:8080) instead of the embedded one
  --fork                run the embedded backend in a child process instead of in this one
  --in-memory           embedded backend with a throwaway database
  --demo                seed the demo operators (password gameops-demo, published) into a new
                        embedded database; without it the console starts like a fresh desktop
                        install and asks for the first super-admin
  --access-ttl <sec>    access token lifetime of the embedded backend
  --refresh-ttl <sec>   refresh token (session) lifetime of the embedded backend
  --keychain            keep tokens in the OS keychain, under the host's own entries (default: memory)
  --renderer <dir>      the built renderer (default: dist/renderer; build it with: npx vite build --mode web)
  --help`;

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '5180' },
    'data-dir': { type: 'string' },
    'backend-url': { type: 'string' },
    fork: { type: 'boolean', default: false },
    'in-memory': { type: 'boolean', default: false },
    demo: { type: 'boolean', default: false },
    'access-ttl': { type: 'string' },
    'refresh-ttl': { type: 'string' },
    keychain: { type: 'boolean', default: false },
    renderer: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
  strict: true,
});

if (values['backend-url'] && values.demo) {
  console.error(`--demo seeds the embedded backend; it means nothing with --backend-url\n\n${HELP}`);
  process.exit(2);
}

if (values.help) {
  console.log(HELP);
  process.exit(0);
}

function positiveInt(name: string, raw: string | undefined, allowZero = false): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < (allowZero ? 0 : 1)) {
    console.error(`--${name} must be a whole number${allowZero ? '' : ' above 0'}, got "${raw}"\n\n${HELP}`);
    process.exit(2);
  }
  return n;
}

const repo = fileURLToPath(new URL('../../', import.meta.url));
const backend: HostBackendOptions = values['backend-url']
  ? { kind: 'url', url: values['backend-url'] }
  : {
      kind: 'embedded',
      process: values.fork ? 'fork' : 'in-process',
      inMemory: values['in-memory'],
      demo: values.demo,
      accessTtlSec: positiveInt('access-ttl', values['access-ttl']),
      refreshTtlSec: positiveInt('refresh-ttl', values['refresh-ttl']),
    };

const host = await startHost({
  port: positiveInt('port', values.port, true),
  dataDir: values['data-dir'] ?? join(repo, '.data/host'),
  rendererDir: values.renderer,
  tokenStorage: values.keychain ? 'keychain' : 'memory',
  backend,
}).catch((err: unknown) => {
  console.error(`The host could not start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});

console.log(`GameOps Console (browser host) on ${host.url}`);
console.log(`Open this launch URL (it works once; do not share it):\n\n  ${host.launchUrl}\n`);
if (process.stdin.isTTY) {
  console.log('Press Enter for another launch URL (for another browser).');
  process.stdin.on('data', () => console.log(`\n  ${host.newLaunchUrl()}\n`));
}
host.core
  .backendReady()
  .then(async (b) => {
    if (!b) return;
    console.log(`Reference backend ready at ${b.url}`);
    const { backend: info } = await host.core.handlers['app:info'](null);
    if (info.setup === 'needed') console.log('First run: the console asks for the first super-admin.');
    if (info.setup === 'demo') {
      console.log(
        'Demo data: every demo operator’s password is gameops-demo (published): never enter real data.',
      );
    }
  })
  .catch((err: unknown) => console.error(`The embedded backend did not start: ${(err as Error).message}`));

stopOnSignals(() => host.stop());
