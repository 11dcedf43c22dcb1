// A PostgreSQL in a child process: the test run's own (global-setup.mjs) or a test's own, which
// the test may stop and start again (own-postgres.ts).
// usage: node pg-server.mjs <dataDir> <port> [postgres flags...]; prints "ready" when it accepts
// connections. It stops PostgreSQL (keeping the data) on SIGTERM or SIGINT, and when its stdin
// closes: the parent that holds the other end has gone, however it ended.
import { startEmbeddedPostgres } from '../../scripts/embedded-postgres.mjs';

const [dataDir, port, ...flags] = process.argv.slice(2);
let stopping = null;
const stop = () => {
  stopping ??= pg.stop().then(() => process.exit(0));
  return stopping;
};
const pg = await startEmbeddedPostgres({ dataDir, port: Number(port), persistent: true, flags });
// embedded-postgres hooks these signals to stop and exit at once; this script decides instead.
process.removeAllListeners('SIGTERM');
process.removeAllListeners('SIGINT');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.stdin.on('end', stop);
process.stdin.on('error', stop);
process.stdin.resume();
process.stdout.write('ready\n');
