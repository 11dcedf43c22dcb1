// npm run bench:relay: the relay (`metadata-store relay`) while the store is down, against its
// ceilings, all in one run on one machine:
//   - latency at a fixed offered rate (BENCH_RATE, 500 events/s, open loop: bench/open-loop.mjs)
//     of a 4 KB Trino-shaped event: the relay (fsync before every 201) and the bare HTTP server
//     (bench/bare-server.mjs: parse and 201, nothing written), p50/p99;
//     and the disk alone at that rate (the duration of one append + fdatasync, and of one write
//     + fdatasync into zeros written ahead as the relay's spool does: the floor of any
//     acknowledgement that waits for the disk);
//   - spool throughput, closed loop (wrk, BENCH_CONNECTIONS connections): the relay's events/s and
//     events per fsync, the bare server's events/s, and the disk's own append+fdatasync rate, one
//     record per fsync and BENCH_CONNECTIONS records per fsync (what group commit can reach);
//   - start-up: spawn to /health/live answering, against `node -e 0` and loading the store's Nest
//     application modules (what a Nest-based relay would load before doing anything).
//   - where the slow requests' time went (BENCH_ATTRIBUTE=0 leaves it out): one more run at the
//     offered rate with the relay traced (bench/relay-trace.cjs, bench/relay-attribution.mjs): each
//     request's phases on one clock, the GC pauses and durable writes, and with perf the scheduler's
//     view (the relay's event loop running, waiting for a CPU or asleep; what the CPUs ran).
// The store is "down": its port accepts connections and closes them, so the relay retries (with
// backoff) all the while. BENCH_DURATION_S (10) and BENCH_REPEATS (3) shorten it for a quick check.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { processCpuSeconds } from './cpu.mjs';
import { fixedRate } from './open-loop.mjs';
import { startBare, stopChild } from './processes.mjs';
import { attributionReport, tracedRun } from './relay-attribution.mjs';
import { downStore, EVENT, EVENT_BYTES, eventBody, metric, SPOOL_PARENT, startRelay } from './relay-setup.mjs';
import { requireWrk, wrk } from './wrk.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const REPEATS = Number(process.env.BENCH_REPEATS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const RATE = Number(process.env.BENCH_RATE ?? 500);
const P99_TARGET_MS = 5;
const ATTRIBUTE = process.env.BENCH_ATTRIBUTE !== '0';

const log = (msg) => process.stderr.write(`${msg}\n`);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The disk alone: appends of `perSync` records of the event's size, each group followed by fdatasync, for `seconds`. */
function rawAppendRate(perSync, seconds) {
  const dir = fs.mkdtempSync(path.join(SPOOL_PARENT, 'relay-bench-raw-'));
  const fd = fs.openSync(path.join(dir, 'segment'), 'wx+');
  const group = Buffer.alloc((EVENT_BYTES + 32) * perSync, 'x');
  let events = 0;
  let position = 0;
  const started = performance.now();
  while (performance.now() - started < seconds * 1000) {
    position += fs.writeSync(fd, group, 0, group.length, position);
    fs.fdatasyncSync(fd);
    events += perSync;
  }
  const elapsedS = (performance.now() - started) / 1000;
  fs.closeSync(fd);
  fs.rmSync(dir, { recursive: true, force: true });
  return events / elapsedS;
}

/**
 * The disk alone at the offered rate: one record appended and fdatasync'd per due time; the
 * duration of each append + fdatasync (no queueing: the floor of one acknowledgement that waits for
 * the disk).
 */
async function rawPacedLatency(rate, seconds, { preallocated = false } = {}) {
  const dir = fs.mkdtempSync(path.join(SPOOL_PARENT, 'relay-bench-raw-'));
  const fd = fs.openSync(path.join(dir, 'segment'), 'wx+');
  const record = Buffer.alloc(EVENT_BYTES + 32, 'x');
  if (preallocated) {
    // Zeros written and synced first: each append then overwrites allocated blocks inside the
    // file's size, and fdatasync has no metadata to commit (what PostgreSQL does with its WAL).
    const zeros = Buffer.alloc(1024 * 1024);
    for (let at = 0; at < record.length * rate * seconds; at += zeros.length) fs.writeSync(fd, zeros, 0, zeros.length, at);
    fs.fsyncSync(fd);
  }
  const latencies = [];
  let position = 0;
  const started = performance.now();
  for (let i = 0; i < rate * seconds; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    const begun = performance.now();
    position += fs.writeSync(fd, record, 0, record.length, position);
    fs.fdatasyncSync(fd);
    latencies.push(performance.now() - begun);
  }
  fs.closeSync(fd);
  fs.rmSync(dir, { recursive: true, force: true });
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))];
  return { p50: at(0.5), p99: at(0.99) };
}

function processStartMs(args) {
  const started = performance.now();
  const result = spawnSync(process.execPath, args, { cwd: ROOT, stdio: 'ignore' });
  if (result.status !== 0) throw new Error(`node ${args.join(' ')} exited ${result.status}`);
  return performance.now() - started;
}

const fmt = (v, digits = 0) => (v === undefined ? '–' : v.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits }));
const spread = (xs, digits = 0) => `${fmt(Math.min(...xs), digits)}–${fmt(Math.max(...xs), digits)}`;

async function main() {
  requireWrk();
  const filesystem = spawnSync('df', ['-T', SPOOL_PARENT], { encoding: 'utf8' }).stdout.trim().split('\n')[1]?.split(/\s+/)[1] ?? '?';
  log(`relay bench: event ${EVENT_BYTES} B, ${RATE} events/s for ${DURATION_S} s, wrk ${CONNECTIONS} connections, x${REPEATS}; spool on ${SPOOL_PARENT} (${filesystem})`);
  const templateFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'relay-bench-tpl-')), 'event.json');
  fs.writeFileSync(templateFile, EVENT.template);
  const loadBefore = os.loadavg()[0];
  const store = await downStore();
  const bare = await startBare();
  const rate = { relay: [], bare: [], disk: [], diskPreallocated: [] };
  const closed = { relay: [], bare: [], perFsync: [], rawSingle: [], rawGrouped: [] };
  const startup = { relay: [], node: [], nestModules: [] };
  let attribution = null;
  try {
    for (let i = 0; i < REPEATS; i++) {
      startup.node.push(processStartMs(['-e', '0']));
      startup.nestModules.push(processStartMs(['-e', "require('./dist/create-app.js')"]));

      // Fixed rate, open loop: the relay, then the bare server.
      const relay = await startRelay(store.url);
      startup.relay.push(relay.startupMs);
      await fixedRate(relay.url, { rate: RATE, durationS: 2, body: eventBody }); // warm up
      const cpuBefore = processCpuSeconds(relay.child.pid);
      const r = await fixedRate(relay.url, { rate: RATE, durationS: DURATION_S, body: eventBody });
      const cpuUsPerEvent = ((processCpuSeconds(relay.child.pid) - cpuBefore) * 1e6) / (RATE * DURATION_S);
      const spooled = await metric(relay.url, 'relay_spool_events');
      rate.relay.push({ ...r, cpuUsPerEvent, spooled });
      log(`  rate  relay: p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.failed} failed, ${cpuUsPerEvent.toFixed(0)} µs CPU/event, ${spooled} events spooled (store down)`);
      const b = await fixedRate(bare.url, { rate: RATE, durationS: DURATION_S, body: eventBody });
      rate.bare.push(b);
      log(`  rate  bare:  p50 ${b.p50} ms, p99 ${b.p99} ms, ${b.failed} failed`);
      const d = await rawPacedLatency(RATE, DURATION_S);
      rate.disk.push(d);
      log(`  rate  disk:  p50 ${d.p50.toFixed(2)} ms, p99 ${d.p99.toFixed(2)} ms (one append + fdatasync, its own duration)`);
      const dp = await rawPacedLatency(RATE, DURATION_S, { preallocated: true });
      rate.diskPreallocated.push(dp);
      log(`  rate  disk:  p50 ${dp.p50.toFixed(2)} ms, p99 ${dp.p99.toFixed(2)} ms (the same into a preallocated file)`);

      // Closed loop: spool throughput, then the bare server, then the disk alone.
      const syncsBefore = await metric(relay.url, 'relay_spool_fsync_seconds_count');
      const acceptedBefore = await metric(relay.url, 'relay_events_accepted_total');
      const w = await wrk(`${relay.url}/api/v1/lineage`, { connections: CONNECTIONS, durationS: DURATION_S, templateFile });
      const perFsync = ((await metric(relay.url, 'relay_events_accepted_total')) - acceptedBefore) / ((await metric(relay.url, 'relay_spool_fsync_seconds_count')) - syncsBefore);
      closed.relay.push(w);
      closed.perFsync.push(perFsync);
      log(`  wrk   relay: ${w.eventsPerSecond.toFixed(0)} events/s, p99 ${w.p99} ms, ${perFsync.toFixed(1)} events per fsync, ${w.failed} failed`);
      await relay.stop();
      const wb = await wrk(`${bare.url}/api/v1/lineage`, { connections: CONNECTIONS, durationS: DURATION_S, templateFile });
      closed.bare.push(wb);
      log(`  wrk   bare:  ${wb.eventsPerSecond.toFixed(0)} events/s`);
      closed.rawSingle.push(rawAppendRate(1, Math.min(5, DURATION_S)));
      closed.rawGrouped.push(rawAppendRate(CONNECTIONS, Math.min(5, DURATION_S)));
      log(`  disk: ${closed.rawSingle.at(-1).toFixed(0)} events/s at 1 per fdatasync, ${closed.rawGrouped.at(-1).toFixed(0)} at ${CONNECTIONS} per fdatasync`);
    }
    if (ATTRIBUTE) {
      const traced = await tracedRun(store.url, { rate: RATE, durationS: DURATION_S });
      attribution = { run: traced.run, report: attributionReport(traced.attribution, traced.trace) };
      log(`  traced relay: p50 ${traced.run.p50} ms, p99 ${traced.run.p99} ms`);
    }
  } finally {
    await stopChild(bare.child);
    await store.close();
    fs.rmSync(path.dirname(templateFile), { recursive: true, force: true });
  }

  const p99 = median(rate.relay.map((r) => r.p99));
  const relayEps = median(closed.relay.map((r) => r.eventsPerSecond));
  const bareEps = median(closed.bare.map((r) => r.eventsPerSecond));
  const rows = [
    `Relay benchmark (${new Date().toISOString().slice(0, 16)}Z, Node ${process.version}, ${os.cpus().length} CPUs, 1-minute load average ${loadBefore.toFixed(1)} before, ${os.loadavg()[0].toFixed(1)} after): store down, event ${EVENT_BYTES} B, ${DURATION_S} s x ${REPEATS}, median (spread); spool on ${filesystem}.`,
    '',
    `| At ${RATE} events/s offered (open loop) | p50 ms | p99 ms | failed | relay CPU µs/event |`,
    '|---|---|---|---|---|',
    `| relay (on disk, O_DSYNC, before each 201) | ${fmt(median(rate.relay.map((r) => r.p50)), 2)} | ${fmt(p99, 2)} (${spread(rate.relay.map((r) => r.p99), 2)}) | ${rate.relay.reduce((s, r) => s + r.failed, 0)} | ${fmt(median(rate.relay.map((r) => r.cpuUsPerEvent)))} |`,
    `| bare HTTP server (parse, 201, no disk) | ${fmt(median(rate.bare.map((r) => r.p50)), 2)} | ${fmt(median(rate.bare.map((r) => r.p99)), 2)} (${spread(rate.bare.map((r) => r.p99), 2)}) | ${rate.bare.reduce((s, r) => s + r.failed, 0)} | |`,
    `| disk alone: one append + fdatasync (its duration, no HTTP, no queueing) | ${fmt(median(rate.disk.map((r) => r.p50)), 2)} | ${fmt(median(rate.disk.map((r) => r.p99)), 2)} (${spread(rate.disk.map((r) => r.p99), 2)}) | | |`,
    `| disk alone, into a preallocated file (zeros written ahead, as the relay's spool) | ${fmt(median(rate.diskPreallocated.map((r) => r.p50)), 2)} | ${fmt(median(rate.diskPreallocated.map((r) => r.p99)), 2)} (${spread(rate.diskPreallocated.map((r) => r.p99), 2)}) | | |`,
    '',
    `| Closed loop, wrk ${CONNECTIONS} connections | events/s | p99 ms | events per fsync |`,
    '|---|---|---|---|',
    `| relay: spool throughput | ${fmt(relayEps)} (${spread(closed.relay.map((r) => r.eventsPerSecond))}) | ${fmt(median(closed.relay.map((r) => r.p99)), 1)} | ${fmt(median(closed.perFsync), 1)} |`,
    `| bare HTTP server | ${fmt(bareEps)} (${spread(closed.bare.map((r) => r.eventsPerSecond))}) | ${fmt(median(closed.bare.map((r) => r.p99)), 1)} | – |`,
    `| disk: append + fdatasync, 1 record each | ${fmt(median(closed.rawSingle))} (${spread(closed.rawSingle)}) | | 1 |`,
    `| disk: append + fdatasync, ${CONNECTIONS} records each | ${fmt(median(closed.rawGrouped))} (${spread(closed.rawGrouped)}) | | ${CONNECTIONS} |`,
    '',
    `| Start-up (spawn to answering) | ms |`,
    '|---|---|',
    `| \`node -e 0\` | ${fmt(median(startup.node))} |`,
    `| loading the store's Nest application modules (no database) | ${fmt(median(startup.nestModules))} |`,
    `| \`metadata-store relay\` to /health/live | ${fmt(median(startup.relay))} (${spread(startup.relay)}) |`,
    '',
    `Targets: relay p99 at ${RATE} events/s ≤ ${P99_TARGET_MS} ms: ${fmt(p99, 2)} ms ${p99 <= P99_TARGET_MS ? 'PASS' : 'FAIL'}; ` +
      `relay p99 ÷ disk-alone p99 at the same rate: ${(p99 / median(rate.disk.map((r) => r.p99))).toFixed(2)}; relay ÷ bare HTTP (closed loop): ${(relayEps / bareEps).toFixed(2)}; relay ÷ disk at 1 record per fsync: ${(relayEps / median(closed.rawSingle)).toFixed(2)}.`,
  ];
  if (attribution) {
    rows.push(
      '',
      `Where the time went: one more run of ${DURATION_S} s at ${RATE} events/s, the relay traced (its p50 ${fmt(attribution.run.p50, 2)} ms, p99 ${fmt(attribution.run.p99, 2)} ms), every phase on one clock:`,
      '',
      attribution.report,
    );
  }
  console.log(rows.join('\n'));
}

main().catch((error) => {
  log(error.stack ?? String(error));
  process.exit(1);
});
