import { fork, spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

/** Runs the project's TypeScript entry points as real child processes (through tsx), as main does. */

export const ROOT = resolve(import.meta.dirname, '../..');
const TSX = ['--import', 'tsx'];

export function forkTs(file: string, args: string[], env: NodeJS.ProcessEnv = {}): ChildProcess {
  return fork(resolve(ROOT, file), args, {
    cwd: ROOT,
    execArgv: TSX,
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'pipe', 'ipc'],
  });
}

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a TypeScript CLI to the end, with optional standard input. */
export function runTs(
  file: string,
  args: string[],
  opts: { env?: NodeJS.ProcessEnv; stdin?: string; timeoutMs?: number } = {},
): Promise<RunResult> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(process.execPath, [...TSX, resolve(ROOT, file), ...args], {
      cwd: ROOT,
      env: { ...process.env, ...opts.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${file} ${args.join(' ')} did not finish; stdout: ${stdout} stderr: ${stderr}`));
    }, opts.timeoutMs ?? 60_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolveRun({ code, stdout, stderr });
    });
    child.stdin.end(opts.stdin ?? '');
  });
}

/** The next IPC message from a child that matches, or an error if it exits first. */
export function nextMessage<T>(
  child: ChildProcess,
  match: (m: unknown) => m is T,
  timeoutMs = 60_000,
): Promise<T> {
  return new Promise((resolveMsg, reject) => {
    let stderr = '';
    const onErr = (d: Buffer) => (stderr += d.toString());
    child.stderr?.on('data', onErr);
    const timer = setTimeout(
      () => done(new Error(`no message within ${timeoutMs} ms; stderr: ${stderr}`)),
      timeoutMs,
    );
    const onMessage = (m: unknown) => {
      if (match(m)) done(undefined, m);
    };
    const onExit = (code: number | null) =>
      done(new Error(`exited (${code}) before the message; stderr: ${stderr}`));
    function done(err: Error | undefined, value?: T) {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      child.stderr?.off('data', onErr);
      if (err) reject(err);
      else resolveMsg(value as T);
    }
    child.on('message', onMessage);
    child.on('exit', onExit);
  });
}

export function exited(child: ChildProcess, timeoutMs = 30_000): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolveExit, reject) => {
    const timer = setTimeout(() => reject(new Error('the process did not exit')), timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolveExit(code);
    });
  });
}
