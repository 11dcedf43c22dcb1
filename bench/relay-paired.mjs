// npm run bench:relay-paired: checkouts of the relay compared at the same moments, for a machine
// whose load moves faster than a benchmark run (a shared one). One relay per checkout in
// BENCH_ROOTS runs at once, the store down; events go to them in turn, one request in flight at a
// time (A, B, A, B ...), so every relay sees the same machine while it works. Per relay: CPU per
// event (/proc, and perf's task-clock when perf can run), context switches and block-device
// requests per event (perf), p50/p99 of its answers. BENCH_REPEATS rounds, each with fresh relays
// and spools, BENCH_EVENTS events per relay a round; the order of the relays turns every round.
// With BENCH_RATE set, each round then offers every relay BENCH_RATE events/s at once (open loop,
// BENCH_DURATION_S): their p50/p99 under the same load, requests bunching as on a busy machine.
import http from 'node:http';
import os from 'node:os';
import { processCpuSeconds } from './cpu.mjs';
import { fixedRate } from './open-loop.mjs';
import { startPerfCounters } from './perf-counters.mjs';
import { checkoutRoots } from './processes.mjs';
import { downStore, EVENT_BYTES, eventBody, startRelay } from './relay-setup.mjs';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 3000);
const WARMUP = Number(process.env.BENCH_WARMUP_EVENTS ?? 500);
const REPEATS = Number(process.env.BENCH_REPEATS ?? 5);
const RATE = Number(process.env.BENCH_RATE ?? 0);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const ROOTS = checkoutRoots();

const log = (msg) => process.stderr.write(`${msg}\n`);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const range = (xs, digits = 0) => `${median(xs).toFixed(digits)} (${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)})`;

function poster(url) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const target = new URL('/api/v1/lineage', url);
  const latencies = [];
  const post = (payload) =>
    new Promise((resolve, reject) => {
      const started = performance.now();
      const req = http.request(target, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } }, (res) => {
        res.resume();
        res.on('end', () => {
          latencies.push(performance.now() - started);
          if (res.statusCode === 201) resolve();
          else reject(new Error(`the relay answered ${res.statusCode}`));
        });
      });
      req.on('error', reject);
      req.end(payload);
    });
  return { post, latencies, close: () => agent.destroy() };
}

async function round(roots, store) {
  const relays = [];
  try {
    for (const root of roots) relays.push({ root, ...(await startRelay(store.url, { root })) });
    const posters = relays.map((r) => poster(r.url));
    for (let i = 0; i < WARMUP; i++) for (const p of posters) await p.post(eventBody());
    posters.forEach((p) => p.latencies.splice(0));
    const perf = await Promise.all(relays.map((r) => startPerfCounters(r.child.pid)));
    const cpuBefore = relays.map((r) => processCpuSeconds(r.child.pid));
    for (let i = 0; i < EVENTS; i++) for (const p of posters) await p.post(eventBody());
    const cpuAfter = relays.map((r) => processCpuSeconds(r.child.pid));
    const counters = await Promise.all(perf.map((p) => p.stop()));
    posters.forEach((p) => p.close());
    const atRate = RATE > 0 ? await Promise.all(relays.map((r) => fixedRate(r.url, { rate: RATE, durationS: DURATION_S, body: eventBody }))) : [];
    return relays.map((r, i) => {
      const sorted = [...posters[i].latencies].sort((a, b) => a - b);
      const c = counters[i];
      return {
        root: r.root,
        cpuUs: ((cpuAfter[i] - cpuBefore[i]) * 1e6) / EVENTS,
        perf: c && { cpuUs: (c.cpuMs * 1000) / EVENTS, switches: c.contextSwitches / EVENTS, deviceRequests: c.deviceRequests / EVENTS },
        p50: sorted[Math.floor(sorted.length * 0.5)],
        p99: sorted[Math.floor(sorted.length * 0.99)],
        rate: atRate[i],
      };
    });
  } finally {
    for (const r of relays) await r.stop();
  }
}

async function main() {
  log(`relay paired: event ${EVENT_BYTES} B, store down; ${EVENTS} events per relay per round, in turn, one in flight; x${REPEATS}; checkouts: ${ROOTS.join(', ')}`);
  const loadBefore = os.loadavg()[0];
  const store = await downStore();
  const results = new Map(ROOTS.map((root) => [root, []]));
  try {
    for (let i = 0; i < REPEATS; i++) {
      const order = ROOTS.map((_, k) => ROOTS[(k + i) % ROOTS.length]);
      for (const m of await round(order, store)) {
        results.get(m.root).push(m);
        const p = m.perf ? `, perf ${m.perf.cpuUs.toFixed(0)} µs, ${m.perf.switches.toFixed(1)} switches, ${m.perf.deviceRequests.toFixed(2)} device requests` : '';
        const r = m.rate ? `; at ${RATE}/s p50 ${m.rate.p50} ms, p99 ${m.rate.p99} ms, ${m.rate.failed} failed` : '';
        log(`  ${m.root}: ${m.cpuUs.toFixed(0)} µs CPU/event${p}; p50 ${m.p50.toFixed(2)} ms, p99 ${m.p99.toFixed(2)} ms${r}`);
      }
    }
  } finally {
    await store.close();
  }
  const base = ROOTS[0];
  // Paired: the ratio to the first checkout within each round (the same minutes of the machine), then their median.
  const ratio = (root, pick) => median(results.get(root).map((m, round) => pick(m) / pick(results.get(base)[round]))).toFixed(2);
  const perf = [...results.values()].flat().every((m) => m.perf);
  console.log(
    `Relay paired (${new Date().toISOString().slice(0, 16)}Z, Node ${process.version}, ${os.cpus().length} CPUs, 1-minute load average ${loadBefore.toFixed(1)} before, ${os.loadavg()[0].toFixed(1)} after): store down, event ${EVENT_BYTES} B, ${EVENTS} events per relay, in turn, x${REPEATS}; median (spread).`,
  );
  console.log('');
  console.log(`| checkout | CPU µs/event (/proc) | ÷ first (paired) |${perf ? ' CPU µs/event (perf) | ÷ first | context switches/event | device requests/event |' : ''} p50 ms | ÷ first | p99 ms | ÷ first |`);
  console.log(`|---|---|---|${perf ? '---|---|---|---|' : ''}---|---|---|---|`);
  for (const [root, ms] of results) {
    const perfCells = perf
      ? ` ${range(ms.map((m) => m.perf.cpuUs))} | ${ratio(root, (m) => m.perf.cpuUs)} | ${median(ms.map((m) => m.perf.switches)).toFixed(1)} | ${median(ms.map((m) => m.perf.deviceRequests)).toFixed(2)} |`
      : '';
    console.log(
      `| ${root} | ${range(ms.map((m) => m.cpuUs))} | ${ratio(root, (m) => m.cpuUs)} |${perfCells} ${range(ms.map((m) => m.p50), 2)} | ${ratio(root, (m) => m.p50)} | ${range(ms.map((m) => m.p99), 2)} | ${ratio(root, (m) => m.p99)} |`,
    );
  }
  if (RATE > 0) {
    console.log('');
    console.log(`| ${RATE} events/s offered to each relay at once, ${DURATION_S} s | p50 ms | ÷ first | p99 ms | ÷ first | failed |`);
    console.log('|---|---|---|---|---|---|');
    for (const [root, ms] of results) {
      console.log(
        `| ${root} | ${range(ms.map((m) => m.rate.p50), 2)} | ${ratio(root, (m) => m.rate.p50)} | ${range(ms.map((m) => m.rate.p99), 2)} | ${ratio(root, (m) => m.rate.p99)} | ${ms.reduce((sum, m) => sum + m.rate.failed, 0)} |`,
      );
    }
  }
}

main().catch((error) => {
  log(error.stack ?? String(error));
  process.exit(1);
});
