// npm run bench:stalls: what holds the store's event loop at a fixed rate. The store runs with
// bench/stall-probe.cjs preloaded and --trace-gc; BENCH_RATE events/s (500) are offered for
// BENCH_DURATION_S (20) in sync mode, after BENCH_WARMUP_S (10) of the same load unmeasured.
// Prints p50/p99, the longest stalls with the process's CPU and the main thread's GC pauses
// during each and the CPU the host stole around it, and V8's mark-compacts.
//   BENCH_STORE_ENV='K=V,K=V' (e.g. PROJECTION_WORKERS=0 for ingest alone).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { machineCpuSeconds } from './cpu.mjs';
import { eventText } from './event.mjs';
import { fixedRate } from './open-loop.mjs';
import { PRODUCTION_NODE_ARGS, startPostgres, startStore, stopChild, storeSettings } from './processes.mjs';

const RATE = Number(process.env.BENCH_RATE ?? 500);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 20);
/** The same load first, unmeasured: a store that has just started compiles its hot paths (and its projector thread loads). */
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 10);
const STORE_ENV = storeSettings('BENCH_STORE_ENV');
const PROBE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'stall-probe.cjs');
const SHOWN = 15;

/** The share of the machine's CPU its host stole, per interval. */
function sampleSteal(intervalMs) {
  const samples = [];
  let previous = machineCpuSeconds();
  const timer = setInterval(() => {
    const now = machineCpuSeconds();
    samples.push({ at: Date.now(), stolen: (now.stolen - previous.stolen) / Math.max(0.01, now.total - previous.total) });
    previous = now;
  }, intervalMs);
  return () => (clearInterval(timer), samples);
}

async function main() {
  const stallFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'metadata-store-stalls-')), 'stalls.json');
  const pgServer = await startPostgres();
  try {
    const store = await startStore(await pgServer.database(), 'sync', {
      env: { ...STORE_ENV, STALL_FILE: stallFile },
      nodeArgs: [...PRODUCTION_NODE_ARGS, '--trace-gc', '--require', PROBE],
    });
    const markCompacts = [];
    store.child.stdout.on('data', (chunk) => {
      for (const line of String(chunk).split('\n')) if (/Mark-Compact/.test(line)) markCompacts.push(line.replace(/^\[\d+:0x[0-9a-f]+\]\s*/, '').slice(0, 160));
    });
    if (WARMUP_S > 0) await fixedRate(`${store.url}/api/v1/lineage`, { rate: RATE, durationS: WARMUP_S, body: () => eventText() });
    const stopSteal = sampleSteal(100);
    const started = Date.now();
    const result = await fixedRate(`${store.url}/api/v1/lineage`, { rate: RATE, durationS: DURATION_S, body: () => eventText() });
    const steal = stopSteal();
    await stopChild(store.child);
    const stalls = JSON.parse(fs.readFileSync(stallFile, 'utf8')).filter((s) => s.at >= started);
    const stolenNear = (at) => Math.max(0, ...steal.filter((s) => Math.abs(s.at - at) <= 150).map((s) => s.stolen));
    console.log(`${RATE} events/s for ${DURATION_S} s (${JSON.stringify(STORE_ENV)}): p50 ${result.p50} ms, p99 ${result.p99} ms, ${result.failed} failed`);
    console.log(`event-loop stalls over 15 ms: ${stalls.length}, ${stalls.reduce((a, s) => a + s.gapMs, 0)} ms in all; the longest:`);
    for (const s of [...stalls].sort((a, b) => b.gapMs - a.gapMs).slice(0, SHOWN)) {
      console.log(`  at ${((s.at - started) / 1000).toFixed(2).padStart(6)} s: ${String(s.gapMs).padStart(4)} ms, process CPU ${String(s.cpuMs).padStart(4)} ms, GC pauses ${String(s.gcMs).padStart(3)} ms${s.gc ? ` (${s.gc})` : ''}, host stole ${(stolenNear(s.at) * 100).toFixed(0)} % nearby`);
    }
    console.log(`100 ms intervals with over 10 % stolen by the host: ${steal.filter((s) => s.stolen > 0.1).length} of ${steal.length}`);
    console.log(`mark-compacts (--trace-gc, since the store started): ${markCompacts.length}`);
    for (const line of markCompacts) console.log(`  ${line}`);
  } finally {
    await pgServer.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
