// A PostgreSQL of a test's own, in a child process, so the test can stop and start it.
// usage: node pg-server.mjs <dataDir> <port>; prints "ready" when it accepts connections and
// stops PostgreSQL (keeping the data) on SIGTERM.
import { startEmbeddedPostgres } from '../../scripts/embedded-postgres.mjs';

const [dataDir, port] = process.argv.slice(2);
const pg = await startEmbeddedPostgres({ dataDir, port: Number(port), persistent: true });
process.stdout.write('ready\n');
const stop = async () => {
  await pg.stop();
  process.exit(0);
};
process.removeAllListeners('SIGTERM');
process.removeAllListeners('SIGINT');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
