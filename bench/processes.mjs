// Processes the benchmark and the profiler start: an embedded PostgreSQL, the store, the bare server.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startEmbeddedPostgres, temporaryParent } from '../scripts/embedded-postgres.mjs';
import { freePort } from '../scripts/free-port.mjs';
import { PRODUCTION_NODE_ARGS } from './node-args.mjs';

export { freePort };
export { PRODUCTION_NODE_ARGS } from './node-args.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Store settings from an environment variable holding `K=V,K=V` (BENCH_STORE_ENV, PROFILE_ENV). */
export const storeSettings = (variable) => Object.fromEntries((process.env[variable] ?? '').split(',').filter(Boolean).map((kv) => kv.split('=')));

/** The checkouts (with dist/ built) to compare, from BENCH_ROOTS (space-separated); this one by default. */
export const checkoutRoots = () => (process.env.BENCH_ROOTS ?? ROOT).split(' ').filter(Boolean).map((r) => path.resolve(r));

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Everything started here, stopped on Ctrl-C or SIGTERM so that an interrupted run leaves nothing. */
const running = new Set();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, async () => {
    for (const stop of [...running].reverse()) await stop().catch(() => undefined);
    process.exit(130);
  });
}
export const track = (child) => {
  const stop = () => (child.exitCode === null ? (child.kill('SIGKILL'), Promise.resolve()) : Promise.resolve());
  running.add(stop);
  child.on('exit', () => running.delete(stop));
  return child;
};

/** `flags`: server settings (`['-c', 'name=value', ...]`). */
export async function startPostgres({ flags = [] } = {}) {
  const parent = temporaryParent('metadata-store-bench-');
  const dataDir = path.join(parent, 'data');
  const port = await freePort();
  const server = await startEmbeddedPostgres({ dataDir, port, flags });
  const stopServer = async () => {
    running.delete(stopServer);
    await server.stop();
    fs.rmSync(parent, { recursive: true, force: true });
  };
  running.add(stopServer);
  let n = 0;
  return {
    dataDir,
    /** A new database, migrated by the store in `root`. */
    async database(root = ROOT) {
      const name = `bench_${n++}`;
      const admin = new pg.Client({ connectionString: server.adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const url = `postgres://postgres:postgres@127.0.0.1:${port}/${name}`;
      await migrate(url, root);
      return url;
    },
    stop: stopServer,
  };
}

export async function migrate(databaseUrl, root = ROOT) {
  const child = track(spawn(process.execPath, ['dist/main.js', 'migrate'], { cwd: root, env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl }, stdio: 'ignore' }));
  const code = await new Promise((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`migrate exited ${code}`);
}

export async function waitReady(url, child) {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url} exited with ${child.exitCode}`);
    if (await fetch(`${url}/health/ready`).then((r) => r.ok, () => false)) return;
    await sleep(100);
  }
}

/**
 * The store as it runs in production: default settings (log level info), the image's Node flags
 * (PRODUCTION_NODE_ARGS), stdout counted (and given to `onStdout` from the first byte). `root`: a
 * checkout with dist/ built (another version of the store, to compare).
 */
export async function startStore(databaseUrl, mode, { nodeArgs = PRODUCTION_NODE_ARGS, env = {}, root = ROOT, onStdout = () => {} } = {}) {
  const port = await freePort();
  const child = track(spawn(process.execPath, [...nodeArgs, 'dist/main.js', 'serve'], {
    cwd: root,
    env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', INGEST_MODE: mode, SHUTDOWN_DELAY_MS: '0', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  }));
  const store = { child, url: `http://127.0.0.1:${port}`, logBytes: 0 };
  child.stdout.on('data', (chunk) => {
    store.logBytes += chunk.length;
    onStdout(chunk);
  });
  await waitReady(store.url, child);
  return store;
}


export async function startBare() {
  const port = await freePort();
  const child = track(spawn(process.execPath, [path.join(ROOT, 'bench', 'bare-server.mjs'), String(port)], { stdio: ['ignore', 'pipe', 'inherit'] }));
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (c) => String(c).includes('ready') && resolve());
    child.on('exit', (code) => reject(new Error(`bare server exited ${code}`)));
  });
  return { child, url: `http://127.0.0.1:${port}` };
}

export async function stopChild(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.on('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

