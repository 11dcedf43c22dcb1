// Starts one real PostgreSQL for the whole test run, in a child process of its own process group
// (pg-server.mjs), so that a Ctrl-C reaches the stores the tests started before their database.
// Each test file creates its own database on it; the admin URL is handed on via process.env.
// An interrupted run (SIGINT, SIGTERM, SIGHUP to jest) stops every process the tests started,
// then PostgreSQL, and exits.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { scratchBase, temporaryParent } from '../../scripts/embedded-postgres.mjs';
import { stopRegisteredChildren } from './registered-children.mjs';

const PG_SERVER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'pg-server.mjs');
const SIGNALS = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 };

function startPostgres(dataDir, port) {
  const child = spawn(process.execPath, [PG_SERVER, dataDir, String(port), '-c', 'max_connections=300', '-c', 'fsync=off'], {
    stdio: ['pipe', 'pipe', 'inherit'],
    detached: true,
  });
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => chunk.toString().includes('ready') && resolve(child));
    child.once('exit', (code) => reject(new Error(`the test PostgreSQL exited with ${code} before it was ready`)));
  });
}

/** Stops what the tests left running, then PostgreSQL; removes the run's folder. */
export async function stopTestRun(state) {
  await stopRegisteredChildren(state.registry);
  const server = state.server;
  if (server && server.exitCode === null && server.signalCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    const timer = setTimeout(() => server.kill('SIGKILL'), 15000);
    await exited;
    clearTimeout(timer);
  }
  fs.rmSync(state.dir, { recursive: true, force: true });
}

export default async function globalSetup() {
  const dir = temporaryParent('metadata-store-test-pg-', scratchBase());
  const registry = path.join(dir, 'children');
  fs.mkdirSync(registry);
  // TEST_POSTGRES_URL: a server of your own instead (a role that may create databases), e.g. one
  // built with lz4, which no embedded-postgres build is. Tests that stop or kill PostgreSQL need
  // the embedded one.
  const external = process.env.TEST_POSTGRES_URL;
  const port = 20000 + Math.floor(Math.random() * 20000);
  const server = external ? null : await startPostgres(path.join(dir, 'data'), port);
  const state = { server, dir, registry };
  globalThis.__TEST_RUN__ = state;
  process.env.TEST_PG_ADMIN_URL = external ?? `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
  if (!external) process.env.TEST_PG_DATA_DIR = path.join(dir, 'data');
  process.env.TEST_CHILD_REGISTRY = registry;

  for (const [signal, number] of Object.entries(SIGNALS)) {
    process.once(signal, () => {
      process.stderr.write(`\n${signal}: stopping the processes the tests started and the test PostgreSQL\n`);
      void stopTestRun(state).finally(() => process.exit(128 + number));
    });
  }

  const client = new pg.Client({ connectionString: process.env.TEST_PG_ADMIN_URL });
  await client.connect();
  const { rows } = await client.query('SHOW server_version');
  await client.end();
  process.stderr.write(`\ntests run against PostgreSQL ${rows[0].server_version}\n`);
}
