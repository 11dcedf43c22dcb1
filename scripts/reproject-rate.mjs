// Measures a full `reproject`: logs N generated Trino events (START then COMPLETE/FAIL per query)
// on a fresh embedded PostgreSQL, then times `dist/main.js reproject` over them and reports
// events per second and CPU per event, of the service process and of PostgreSQL.
//   npm run build && node scripts/reproject-rate.mjs [events=100000]
// PROJECTION_BATCH_SIZE in the environment is passed on to reproject.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import pgLib from 'pg';
import { startEmbeddedPostgres, temporaryParent } from './embedded-postgres.mjs';
import { freePort } from './free-port.mjs';

const require = createRequire(import.meta.url);
const { generatedTrinoEvents } = require('../test/support/trino-events.cjs');
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MAIN = path.join(ROOT, 'dist', 'main.js');
const EVENTS = Number(process.argv[2] ?? 100000);
const TICKS_PER_SECOND = 100;

function stat(pid) {
  const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name: state, ppid, ... utime (12th), stime, cutime, cstime.
  return text.slice(text.lastIndexOf(')') + 2).split(' ');
}

/**
 * CPU seconds used by the PostgreSQL whose postmaster names `dataDir`: the postmaster, its live
 * backends, and the backends that ended (counted in the postmaster's cutime and cstime).
 */
function postgresCpuSeconds(dataDir) {
  const pids = fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p));
  const postmaster = pids.find((pid) => {
    try {
      return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(dataDir);
    } catch {
      return false;
    }
  });
  if (!postmaster) throw new Error('PostgreSQL process not found');
  const own = stat(postmaster);
  let ticks = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
  for (const pid of pids) {
    try {
      const s = stat(pid);
      if (s[1] === postmaster) ticks += Number(s[11]) + Number(s[12]);
    } catch {
      // the process ended meanwhile
    }
  }
  return ticks / TICKS_PER_SECOND;
}

async function main() {
  const dir = temporaryParent('reproject-rate-');
  const dataDir = path.join(dir, 'data');
  const pg = await startEmbeddedPostgres({ dataDir, port: await freePort() });
  const databaseUrl = pg.adminUrl;
  const env = { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' };
  try {
    const migrated = spawnSync(process.execPath, [MAIN, 'migrate'], { env, encoding: 'utf8' });
    if (migrated.status !== 0) throw new Error(`migrate failed: ${migrated.stderr}`);

    const port = await freePort();
    const server = spawn(process.execPath, [MAIN, 'serve'], { env: { ...env, PORT: String(port), PROJECTION_WORKERS: '0', INGEST_TIMEOUT_MS: '60000' }, stdio: 'inherit' });
    const events = generatedTrinoEvents(EVENTS, 'rate');
    try {
      for (let i = 0; ; i++) {
        if (await fetch(`http://127.0.0.1:${port}/health/ready`).then((r) => r.ok, () => false)) break;
        if (i > 300) throw new Error('the service did not start');
        await new Promise((r) => setTimeout(r, 100));
      }
      for (let i = 0; i < events.length; i += 500) {
        const res = await fetch(`http://127.0.0.1:${port}/api/v1/lineage/batch`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(events.slice(i, i + 500)),
        });
        if (!res.ok) throw new Error(`ingest: ${res.status} ${(await res.text()).slice(0, 300)}`);
      }
    } finally {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    // Nobody projected them; reproject queues every event again and counts what it queued.
    const client = new pgLib.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query('DELETE FROM projection_queue');
    await client.end();
    process.stderr.write(`logged ${events.length} events; reprojecting\n`);

    const pgBefore = postgresCpuSeconds(dataDir);
    const started = process.hrtime.bigint();
    const reproject = spawn('/usr/bin/time', ['-f', '%U %S', process.execPath, MAIN, 'reproject'], { env, stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    reproject.stderr.on('data', (chunk) => {
      stderr += chunk;
      process.stderr.write(chunk);
    });
    const code = await new Promise((r) => reproject.once('exit', r));
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    if (code !== 0) throw new Error(`reproject exited with ${code}`);
    const [user, system] = stderr.trim().split('\n').pop().split(' ').map(Number);
    const pgSeconds = postgresCpuSeconds(dataDir) - pgBefore;
    const result = {
      events: events.length,
      batchSize: Number(process.env.PROJECTION_BATCH_SIZE ?? 200),
      seconds: Number(seconds.toFixed(1)),
      eventsPerSecond: Math.round(events.length / seconds),
      serviceCpuMsPerEvent: Number((((user + system) * 1000) / events.length).toFixed(3)),
      postgresCpuMsPerEvent: Number(((pgSeconds * 1000) / events.length).toFixed(3)),
      loadAverage: fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '),
    };
    console.log(JSON.stringify(result));
  } finally {
    await pg.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
