// Kernel counters of one process over a measurement, from `perf stat` (Linux, root or
// perf_event_paranoid <= 1): its CPU time to the microsecond (task-clock, all threads, more precise
// than /proc's 10 ms ticks), its context switches (each time a thread of it went to sleep: waiting
// for the disk, the thread pool, the next request) and the block-device requests it issued (data
// writes, metadata writes, cache flushes). null when perf cannot run here.
import { spawn, spawnSync } from 'node:child_process';

const EVENTS = ['task-clock', 'context-switches', 'block:block_rq_issue'];

let available;
function perfAvailable() {
  available ??= spawnSync('perf', ['stat', '-x,', '-e', EVENTS.join(','), '--', 'true'], { encoding: 'utf8' }).status === 0;
  return available;
}

/** Starts counting for `pid` (every thread of it); `stop()` resolves with the counts since, or null. */
export async function startPerfCounters(pid) {
  if (process.env.BENCH_PERF === '0' || !perfAvailable()) return { stop: async () => null };
  const child = spawn('perf', ['stat', '-x,', '-e', EVENTS.join(','), '-p', String(pid)], { stdio: ['ignore', 'ignore', 'pipe'] });
  let output = '';
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.on('exit', resolve));
  // perf attaches to the threads within a few milliseconds; counting starts once it has.
  await new Promise((resolve) => setTimeout(resolve, 200));
  return {
    async stop() {
      child.kill('SIGINT');
      await exited;
      const counts = {};
      for (const line of output.split('\n')) {
        const [value, , event] = line.split(',');
        if (EVENTS.includes(event)) counts[event] = Number(value);
      }
      if (EVENTS.some((e) => !Number.isFinite(counts[e]))) return null;
      return { cpuMs: counts['task-clock'], contextSwitches: counts['context-switches'], deviceRequests: counts['block:block_rq_issue'] };
    },
  };
}
