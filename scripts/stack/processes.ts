/** Child processes of the local stack: started, watched, and stopped together. */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdirSync, openSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

export interface Child {
  name: string;
  process: ChildProcess;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

export interface SpawnOptions {
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Write output to this file instead of the console (the child writes it itself). */
  logFile?: string;
  /** A channel for messages from the child (`process.send`), e.g. the port it listens on. */
  ipc?: boolean;
}

export function spawnChild(name: string, command: string, args: string[], options: SpawnOptions = {}): Child {
  let logFd: number | undefined;
  if (options.logFile) {
    mkdirSync(path.dirname(options.logFile), { recursive: true });
    logFd = openSync(options.logFile, 'a');
  }
  const output = logFd ?? 'pipe';
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', output, output, ...(options.ipc ? (['ipc'] as const) : [])],
  });
  // The child holds its own copy of the file: a busy API's log costs this process nothing.
  if (logFd !== undefined) closeSync(logFd);
  else {
    const prefix = `[${name}] `;
    const forward = (target: NodeJS.WriteStream) => (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) if (line.trim()) target.write(prefix + line + '\n');
    };
    child.stdout?.on('data', forward(process.stdout));
    child.stderr?.on('data', forward(process.stderr));
  }
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    name,
    process: child,
    exited,
    stop: () => stopProcess(child),
  };
}

/** Ends a child process: SIGTERM, then SIGKILL if it has not exited within the grace time. */
export async function stopProcess(child: ChildProcess, graceMs = 5_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const killed = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(killed);
}

/** The last lines of a log file ('' when there is none), to say why a child did not start. */
export async function logTail(file: string, lines = 20): Promise<string> {
  const text = await readFile(file, 'utf8').catch(() => '');
  return text.split('\n').slice(-lines).join('\n');
}

/**
 * Polls a URL until it answers with a status below 500, or fails after the timeout. Each attempt may take
 * `attemptMs`: one that asks a database (an API's /ready) needs longer on a machine under load.
 */
export async function waitForHttp(
  url: string,
  { timeoutMs = 60_000, attemptMs = 2_000, init }: { timeoutMs?: number; attemptMs?: number; init?: RequestInit } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, { ...init, signal: AbortSignal.timeout(attemptMs) });
      if (response.status < 500) return;
      lastError = new Error(`HTTP ${response.status}`);
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms: ${String(lastError)}`);
}
