// npm run bench:gc: what the store's heaps do at a fixed rate. The store runs with --trace-gc-nvp;
// BENCH_RATE events/s (500) are offered for BENCH_DURATION_S (10) in sync mode after
// BENCH_WARMUP_S (8) of the same load. For each V8 heap (the main thread's, the projector
// thread's), per event: bytes allocated, bytes that survived a scavenge and bytes promoted to the
// old generation, with the scavenges' pauses and the mark-compacts. What survives a scavenge is
// what the young generation could not free: a request's objects should not.
//   BENCH_STORE_ENV='K=V,K=V' (e.g. PROJECTION_WORKERS=0 for ingest alone), BENCH_ROOTS (space-separated
//   checkouts with dist/ built, to compare; this one by default), BENCH_REPEATS (1, interleaved).
import path from 'node:path';
import { eventText } from './event.mjs';
import { fixedRate } from './open-loop.mjs';
import { checkoutRoots, PRODUCTION_NODE_ARGS, startPostgres, startStore, stopChild, storeSettings } from './processes.mjs';

const RATE = Number(process.env.BENCH_RATE ?? 500);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 8);
const REPEATS = Number(process.env.BENCH_REPEATS ?? 1);
const STORE_ENV = storeSettings('BENCH_STORE_ENV');
const ROOTS = checkoutRoots();

const field = (line, key) => Number(new RegExp(`\\b${key}=([0-9.]+)`).exec(line)?.[1] ?? 0);

/**
 * --trace-gc-nvp lines after `from` by heap (`[pid:isolate:...]`), in the order the heaps first
 * collected since the process started: the main thread's heap collects during start-up, before
 * the projector thread exists.
 */
function linesByHeap(output, from) {
  const heaps = new Map();
  let offset = 0;
  for (const line of output.split('\n')) {
    offset += line.length + 1;
    const isolate = /^\[\d+:(0x[0-9a-f]+)/.exec(line)?.[1];
    if (!isolate || !/ gc=/.test(line)) continue;
    if (!heaps.has(isolate)) heaps.set(isolate, []);
    if (offset > from) heaps.get(isolate).push(line);
  }
  return [...heaps.values()];
}

function summariseHeap(lines, events) {
  const scavenges = lines.filter((l) => /gc=s /.test(l));
  const markCompacts = lines.filter((l) => /gc=(mc|ms) /.test(l));
  const sum = (key, of = scavenges) => of.reduce((total, l) => total + field(l, key), 0);
  const kbPerEvent = (bytes) => (bytes / 1024 / events).toFixed(1);
  return (
    `${scavenges.length} scavenges (pause avg ${(sum('pause') / Math.max(1, scavenges.length)).toFixed(1)} ms, max ${Math.max(0, ...scavenges.map((l) => field(l, 'pause'))).toFixed(1)}); ` +
    `per event: allocated ${kbPerEvent(sum('allocated'))} KB, survived ${kbPerEvent(sum('new_space_survived'))} KB, promoted ${kbPerEvent(sum('promoted'))} KB; ` +
    `${markCompacts.length} mark-compacts (${sum('pause', markCompacts).toFixed(0)} ms), live after them ${markCompacts.map((l) => (field(l, 'end_object_size') / 1e6).toFixed(0)).join(', ') || '-'} MB`
  );
}

async function measure(pgServer, root) {
  let output = '';
  const store = await startStore(await pgServer.database(root), 'sync', {
    env: STORE_ENV,
    root,
    nodeArgs: [...PRODUCTION_NODE_ARGS, '--trace-gc-nvp'],
    onStdout: (chunk) => (output += chunk),
  });
  try {
    await fixedRate(store.url, { rate: RATE, durationS: WARMUP_S, body: () => eventText() });
    const from = output.length;
    const r = await fixedRate(store.url, { rate: RATE, durationS: DURATION_S, body: () => eventText() });
    return { r, heaps: linesByHeap(output, from).map((lines) => summariseHeap(lines, RATE * DURATION_S)) };
  } finally {
    await stopChild(store.child);
  }
}

async function main() {
  const pgServer = await startPostgres();
  try {
    console.log(`${RATE} events/s offered for ${DURATION_S} s after ${WARMUP_S} s of warm-up, sync, ${JSON.stringify(STORE_ENV)}`);
    for (let i = 1; i <= REPEATS; i++) {
      for (const root of ROOTS) {
        const { r, heaps } = await measure(pgServer, root);
        console.log(`#${i} ${path.relative(process.cwd(), root) || '.'}: p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, ${r.failed} failed`);
        heaps.forEach((summary, h) => console.log(`  ${h === 0 ? 'main heap     ' : 'projector heap'}  ${summary}`));
      }
    }
  } finally {
    await pgServer.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
