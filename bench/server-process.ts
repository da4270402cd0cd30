import { spawn } from 'node:child_process';

/** A backend started as a process of its own (as deployed), and how to stop it. */
export interface ServerProcess {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts the backend with node and `args` (a bundle, or tsx and server/cli.ts) and `env` added to
 * this process's; resolves once it listens and `workers` processes have answered /health. Under
 * --workers the leader says it listens and the others start after it; /health says which pid
 * answered, and each new connection may go to another worker, so the load reaches all of them
 * from its first request. A server that exits first, or workers missing after 60 s, is an error
 * (the server is killed).
 */
export async function startServerProcess(
  args: readonly string[],
  env: Record<string, string>,
  workers: number,
): Promise<ServerProcess> {
  const child = spawn(process.execPath, [...args], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      out += chunk.toString();
      const found = /reference backend on (http:\/\/[\d.:]+)/.exec(out)?.[1];
      if (found) resolve(found);
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    void exited.then((code) => reject(new Error(`the server exited (${code}) before listening:\n${out}`)));
  });
  const pids = new Set<number>();
  for (const until = Date.now() + 60_000; pids.size < workers;) {
    if (Date.now() > until) {
      child.kill('SIGKILL');
      throw new Error(`only ${pids.size} of ${workers} workers answered within 60 s:\n${out}`);
    }
    try {
      const r = await fetch(`${url}/health`, { headers: { connection: 'close' } });
      pids.add(((await r.json()) as { Data: { pid: number } }).Data.pid);
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
