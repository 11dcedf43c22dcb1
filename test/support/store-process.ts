import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { stopChild, track } from './child-processes';

export const PACKAGE_ROOT = path.join(__dirname, '..', '..');
export const MAIN = path.join(PACKAGE_ROOT, 'dist', 'main.js');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Runs a CLI command of the built service to completion. */
export function runCommand(args: string[], env: Record<string, string>, timeoutMs = 120000): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [MAIN, ...args], {
    cwd: PACKAGE_ROOT,
    env: { ...baseEnv(), ...env },
    encoding: 'utf8',
    timeout: timeoutMs,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

function baseEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const key of ['PATH', 'HOME', 'LANG', 'TMPDIR']) if (process.env[key]) env[key] = process.env[key]!;
  return { ...env, LOG_LEVEL: 'info', SHUTDOWN_DELAY_MS: '0' };
}

export interface StoreProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** Every stdout line so far (JSON logs). */
  output: string[];
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Spawns `node dist/main.js <args>` with exactly `env`, collecting its output lines. */
export function spawnMain(args: string[], env: Record<string, string>, cwd: string): { child: ChildProcess; output: string[]; exited: Promise<number | null> } {
  const child = track(spawn(process.execPath, [MAIN, ...args], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] }), `metadata-store ${args.join(' ')}`);
  const output: string[] = [];
  let buffered = '';
  const collect = (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    output.push(...lines.filter((l) => l.trim() !== ''));
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output, exited };
}

/** Starts `node dist/main.js serve` and waits until it answers /health/ready with 200. */
export async function startStore(
  env: Record<string, string>,
  options: { waitReady?: boolean; scheme?: 'http' | 'https'; readyTimeoutMs?: number } = {},
): Promise<StoreProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const { child, output, exited } = spawnMain(['serve'], { ...baseEnv(), HOST: '127.0.0.1', ...env, PORT: String(port) }, PACKAGE_ROOT);
  const scheme = options.scheme ?? 'http';
  const url = `${scheme}://127.0.0.1:${port}`;
  const store: StoreProcess = {
    url,
    port,
    child,
    output,
    exited,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      await stopChild(child, signal);
      return exited;
    },
  };
  if (options.waitReady !== false) await waitReady(store, scheme, options.readyTimeoutMs);
  return store;
}

async function waitReady(store: StoreProcess, scheme: 'http' | 'https', timeoutMs = 60000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exitCode: number | null | undefined;
  void store.exited.then((code) => (exitCode = code));
  while (Date.now() < deadline) {
    if (exitCode !== undefined) throw new Error(`the store exited with ${exitCode}:\n${store.output.join('\n')}`);
    if (scheme === 'http') {
      try {
        const res = await fetch(`${store.url}/health/ready`);
        if (res.status === 200) return;
      } catch {
        // not listening yet
      }
    } else if (store.output.some((line) => line.includes('metadata store listening'))) {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the store did not become ready:\n${store.output.join('\n')}`);
}

/** How many migration files this build has: what `migrate` applies to an empty database. */
export const MIGRATION_COUNT = fs.readdirSync(path.join(PACKAGE_ROOT, 'migrations')).filter((f) => f.endsWith('.sql')).length;
