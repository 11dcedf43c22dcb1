// npm run bench:relay-cpu: the relay's CPU per event while the store is down, for each checkout in
// BENCH_ROOTS (this one by default; give another checkout with dist/ built, e.g. main's, to compare
// in the same run), interleaved over BENCH_REPEATS. CPU time moves less than latency with what else
// the machine runs, so it is the measure to optimise on a shared machine. Per checkout, the relay
// process's CPU per event (all threads; the event loop and libuv's pool apart):
//   - one at a time (BENCH_EVENTS events, each sent when the previous one is answered): every
//     request handled alone, as at 500 events/s on a quiet machine, whatever the machine's load;
//   - at BENCH_RATE events/s offered (open loop), with p50/p99 (on a busy machine requests then
//     bunch up and share writes, which lowers the CPU per event);
//   - idle: CPU per second with no requests, the forwarder retrying a store that is down.
// With perf (Linux, as root; BENCH_PERF=0 turns it off) each measurement also gives the relay's
// precise CPU, context switches and block-device requests per event (bench/perf-counters.mjs).
// BENCH_PROFILE=1 also writes a V8 CPU profile of each checkout's last one-at-a-time run and prints
// where its time goes.
//   BENCH_EVENTS (3000), BENCH_RATE (500), BENCH_DURATION_S (10), BENCH_REPEATS (3), BENCH_IDLE_S (5), BENCH_ROOTS.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { processCpuSeconds, threadCpuSeconds } from './cpu.mjs';
import { oneAtATime } from './one-at-a-time.mjs';
import { startPerfCounters } from './perf-counters.mjs';
import { fixedRate } from './open-loop.mjs';
import { checkoutRoots } from './processes.mjs';
import { summariseProfile } from './profile-summary.mjs';
import { downStore, EVENT_BYTES, eventBody, startRelay } from './relay-setup.mjs';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 3000);
const RATE = Number(process.env.BENCH_RATE ?? 500);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const REPEATS = Number(process.env.BENCH_REPEATS ?? 3);
const IDLE_S = Number(process.env.BENCH_IDLE_S ?? 5);
const PROFILE = process.env.BENCH_PROFILE === '1';
const ROOTS = checkoutRoots();

/** The parts of the relay's path, matched against `url function` of each profile frame. */
const RELAY_PARTS = [
  ['idle (waiting)', /^ \(idle\)$/],
  ['garbage collector', /^ \(garbage collector\)$/],
  ['HTTP: node:http + Fastify routing/reply', /node:_http|node:net|\/fastify\/lib\//],
  ['HTTP: @fastify/compress', /@fastify\/compress/],
  ['HTTP: request hooks, request log', /core\/http\/|core\/observability\//],
  ['body parser (read, scan, JSON.parse)', /json-body-parser|json-shape|body-chunks|json-text/],
  ['the store\'s checks (envelope, depth, text)', /event-check|event-envelope/],
  ['spool (record, write)', /relay\/spool\//],
  ['forwarder + store client (retries)', /relay\/forwarder|relay\/store-client|undici|node:internal\/deps\/undici/],
  ['logging (pino)', /\/pino\/|sonic-boom|pino-std-serializers/],
  ['metrics (prom-client)', /prom-client|relay-metrics/],
];

const log = (msg) => process.stderr.write(`${msg}\n`);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * The relay's CPU (all threads, the event loop, libuv's pool) per event over `load`; with perf,
 * also its precise CPU, context switches and block-device requests per event.
 */
async function cpuPerEvent(pid, events, load) {
  const perf = await startPerfCounters(pid);
  const before = { all: processCpuSeconds(pid), threads: threadCpuSeconds(pid) };
  const result = await load();
  const after = { all: processCpuSeconds(pid), threads: threadCpuSeconds(pid) };
  const counters = await perf.stop();
  const thread = (match) =>
    Object.entries(after.threads)
      .filter(([role]) => match(role))
      .reduce((sum, [role, s]) => sum + s - (before.threads[role] ?? 0), 0);
  const us = (s) => (s * 1e6) / events;
  return {
    ...result,
    cpuUs: us(after.all - before.all),
    mainUs: us(thread((r) => r === 'main')),
    poolUs: us(thread((r) => r.startsWith('libuv'))),
    perf: counters && { cpuUs: (counters.cpuMs * 1000) / events, switches: counters.contextSwitches / events, deviceRequests: counters.deviceRequests / events },
  };
}

async function measure(root, store, profileDir) {
  const relay = await startRelay(store.url, { root, nodeArgs: profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : [] });
  const pid = relay.child.pid;
  try {
    // Idle: one event spooled, so that the forwarder retries a store that is down.
    await oneAtATime(relay.url, { events: 1, body: eventBody });
    await sleep(1000);
    const idleBefore = processCpuSeconds(pid);
    await sleep(IDLE_S * 1000);
    const idleMsPerS = ((processCpuSeconds(pid) - idleBefore) * 1000) / IDLE_S;
    await fixedRate(relay.url, { rate: RATE, durationS: 2, body: eventBody }); // warm up
    const rate = await cpuPerEvent(pid, RATE * DURATION_S, () => fixedRate(relay.url, { rate: RATE, durationS: DURATION_S, body: eventBody }));
    const fromUs = Number(process.hrtime.bigint() / 1000n);
    const single = await cpuPerEvent(pid, EVENTS, () => oneAtATime(relay.url, { events: EVENTS, body: eventBody }));
    const toUs = Number(process.hrtime.bigint() / 1000n);
    return { single, rate, idleMsPerS, window: { fromUs, toUs } };
  } finally {
    await relay.stop();
  }
}

const range = (xs, digits = 0) => `${median(xs).toFixed(digits)} (${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)})`;

async function main() {
  log(`relay CPU: event ${EVENT_BYTES} B, store down; ${EVENTS} events one at a time, ${RATE} events/s for ${DURATION_S} s; x${REPEATS}; checkouts: ${ROOTS.join(', ')}`);
  const loadBefore = os.loadavg()[0];
  const store = await downStore();
  const results = new Map(ROOTS.map((root) => [root, []]));
  const profiles = new Map();
  try {
    for (let i = 0; i < REPEATS; i++) {
      for (const root of ROOTS) {
        const profileDir = PROFILE && i === REPEATS - 1 ? fs.mkdtempSync(path.join(os.tmpdir(), 'relay-profile-')) : null;
        const m = await measure(root, store, profileDir);
        results.get(root).push(m);
        if (profileDir) profiles.set(root, { dir: profileDir, m });
        const { single: s, rate: r } = m;
        const counted = (x) => (x.perf ? ` [perf: ${x.perf.cpuUs.toFixed(0)} µs, ${x.perf.switches.toFixed(1)} context switches, ${x.perf.deviceRequests.toFixed(2)} device requests]` : '');
        log(
          `  ${root}: one at a time ${s.cpuUs.toFixed(0)} µs CPU/event (event loop ${s.mainUs.toFixed(0)}, libuv pool ${s.poolUs.toFixed(0)})${counted(s)}, p50 ${s.p50} ms; ` +
            `at ${RATE}/s ${r.cpuUs.toFixed(0)} µs (event loop ${r.mainUs.toFixed(0)}, pool ${r.poolUs.toFixed(0)})${counted(r)}, p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.failed} failed; idle ${m.idleMsPerS.toFixed(1)} ms CPU/s`,
        );
      }
    }
  } finally {
    await store.close();
  }
  const base = ROOTS[0];
  const ratio = (root, pick) => (median(results.get(root).map(pick)) / median(results.get(base).map(pick))).toFixed(2);
  console.log(
    `Relay CPU (${new Date().toISOString().slice(0, 16)}Z, Node ${process.version}, ${os.cpus().length} CPUs, 1-minute load average ${loadBefore.toFixed(1)} before, ${os.loadavg()[0].toFixed(1)} after): store down, event ${EVENT_BYTES} B, ${REPEATS} relays per checkout, interleaved; median (spread).`,
  );
  console.log('');
  console.log(`| checkout | one at a time: CPU µs/event | event loop | libuv pool | ÷ first | at ${RATE}/s: CPU µs/event | ÷ first | p50 ms | p99 ms | idle CPU ms/s |`);
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const [root, ms] of results) {
    console.log(
      `| ${root} | ${range(ms.map((m) => m.single.cpuUs))} | ${median(ms.map((m) => m.single.mainUs)).toFixed(0)} | ${median(ms.map((m) => m.single.poolUs)).toFixed(0)} | ${ratio(root, (m) => m.single.cpuUs)} ` +
        `| ${range(ms.map((m) => m.rate.cpuUs))} | ${ratio(root, (m) => m.rate.cpuUs)} | ${median(ms.map((m) => m.rate.p50)).toFixed(2)} | ${range(ms.map((m) => m.rate.p99), 2)} | ${median(ms.map((m) => m.idleMsPerS)).toFixed(1)} |`,
    );
  }
  if ([...results.values()].flat().every((m) => m.single.perf && m.rate.perf)) {
    console.log('');
    console.log('perf stat on the relay process (all threads), per event: CPU (task-clock), context switches, block-device requests it issued.');
    console.log('');
    console.log(`| checkout | one at a time: CPU µs | ÷ first | switches | device requests | at ${RATE}/s: CPU µs | ÷ first | switches | device requests |`);
    console.log('|---|---|---|---|---|---|---|---|---|');
    for (const [root, ms] of results) {
      console.log(
        `| ${root} | ${range(ms.map((m) => m.single.perf.cpuUs))} | ${ratio(root, (m) => m.single.perf.cpuUs)} | ${median(ms.map((m) => m.single.perf.switches)).toFixed(1)} | ${median(ms.map((m) => m.single.perf.deviceRequests)).toFixed(2)} ` +
          `| ${range(ms.map((m) => m.rate.perf.cpuUs))} | ${ratio(root, (m) => m.rate.perf.cpuUs)} | ${median(ms.map((m) => m.rate.perf.switches)).toFixed(1)} | ${median(ms.map((m) => m.rate.perf.deviceRequests)).toFixed(2)} |`,
      );
    }
  }
  for (const [root, { dir, m }] of profiles) {
    const file = fs.readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
    console.log(`\n${root}, one at a time:`);
    console.log(summariseProfile(JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')), EVENTS, m.window, m.single.mainUs, RELAY_PARTS));
    console.log(`profile: ${path.join(dir, file)}`);
  }
}

main().catch((error) => {
  log(error.stack ?? String(error));
  process.exit(1);
});
