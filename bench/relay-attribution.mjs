// Where the relay's slow requests spent their time: the load generator's records of one open-loop
// run (fixedRate with `trace`) joined with the relay's own (bench/relay-trace.cjs), per request
// by its x-bench-seq. Every phase is on one monotonic clock, so they add up to the latency the
// generator measured (from the moment the request was due to the answer read).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fixedRate } from './open-loop.mjs';
import { eventBody, startRelay } from './relay-setup.mjs';

const TRACE_PRELOAD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'relay-trace.cjs');

export const PHASES = [
  ['generator', 'the generator sent it late (its own timer and loop)'],
  ['toRelay', 'sent, not yet read by the relay (the relay busy or not running)'],
  ['body', 'the body read and parsed (Fastify, the JSON parser)'],
  ['checks', "the store's checks (handler to spool append)"],
  ['waitWrite', 'waiting for its durable write to start (a write in flight, setImmediate)'],
  ['write', 'its durable write (O_DSYNC)'],
  ['answer', 'on disk to the answer sent'],
  ['back', 'the answer sent, not yet read by the generator'],
];

/**
 * Starts a relay with the trace preload, runs the open-loop load against it, and returns both
 * sides' records; with perf at hand (root, Linux), also the scheduler's switches on every CPU
 * during the traced run (who ran while a slow request waited).
 */
export async function tracedRun(storeUrl, { rate, durationS, nodeArgs = [], root, env = {} }) {
  const traceFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'relay-trace-')), 'trace.json');
  const relay = await startRelay(storeUrl, { root, nodeArgs: [...nodeArgs, '--require', TRACE_PRELOAD], env: { ...env, RELAY_TRACE_FILE: traceFile } });
  const perfData = path.join(path.dirname(traceFile), 'sched.data');
  try {
    await fixedRate(relay.url, { rate, durationS: 2, body: eventBody }); // warm up, untraced
    const threads = new Map([...threadNames(relay.child.pid, 'relay'), ...threadNames(process.pid, 'generator')]);
    const sched = await startSchedRecord(perfData);
    const run = await fixedRate(relay.url, { rate, durationS, body: eventBody, trace: true });
    const switches = sched ? await sched.stop() : null;
    await relay.stop(); // the trace is written as it exits
    const trace = JSON.parse(fs.readFileSync(traceFile, 'utf8'));
    const timeline = switches && schedTimeline(switches, threads, relay.child.pid);
    return { run, trace, timeline, attribution: attribute(run.records, trace, timeline) };
  } finally {
    await relay.stop();
    fs.rmSync(path.dirname(traceFile), { recursive: true, force: true });
  }
}

/** Thread id -> `<who> <role>`: the event loop (the thread whose id is the pid), libuv's pool, V8's workers. */
function threadNames(pid, who) {
  const names = new Map();
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
    const comm = fs.readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
    names.set(Number(tid), `${who} ${tid === String(pid) ? 'event loop' : comm.startsWith('libuv') ? 'libuv pool' : comm.startsWith('V8') ? 'V8 workers (GC, compiler)' : comm}`);
  }
  return names;
}

/** `perf record` of the scheduler's switches and wake-ups on every CPU, on the monotonic clock; null without perf. */
async function startSchedRecord(file) {
  if (process.env.BENCH_PERF === '0' || spawnSync('perf', ['record', '-a', '-e', 'sched:sched_switch', '-k', 'CLOCK_MONOTONIC', '-o', file, '--', 'true'], { stdio: 'ignore' }).status !== 0) return null;
  const child = spawn('perf', ['record', '-a', '-e', 'sched:sched_switch,sched:sched_wakeup', '-k', 'CLOCK_MONOTONIC', '-o', file], { stdio: 'ignore' });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  await new Promise((resolve) => setTimeout(resolve, 300));
  return {
    async stop() {
      child.kill('SIGINT');
      await exited;
      return spawnSync('perf', ['script', '-i', file, '-F', 'cpu,time,event,trace'], { encoding: 'utf8', maxBuffer: 1 << 30 }).stdout;
    },
  };
}

/** From perf's switches: what ran on each CPU when (intervals), and the relay's event loop's state over time. */
function schedTimeline(text, threads, relayPid) {
  const running = [];
  const current = [];
  const loopStates = [];
  const label = (comm, pid) => (pid === 0 ? 'idle' : (threads.get(pid) ?? `other processes`));
  for (const line of text.split('\n')) {
    const m = /\[(\d+)\]\s+([\d.]+):\s+sched:(\w+):\s+(.*)$/.exec(line);
    if (!m) continue;
    const cpu = Number(m[1]);
    const t = Number(m[2]) * 1000;
    if (m[3] === 'sched_switch') {
      const s = /prev_comm=(.*) prev_pid=(\d+) .*prev_state=(\S+) ==> next_comm=(.*) next_pid=(\d+)/.exec(m[4]);
      if (!s) continue;
      running[cpu] ??= [];
      if (current[cpu]) running[cpu].push([current[cpu].t, t, current[cpu].label]);
      current[cpu] = { t, label: label(s[4], Number(s[5])) };
      if (Number(s[2]) === relayPid) loopStates.push([t, s[3].startsWith('R') ? 'waiting for a CPU' : s[3].startsWith('D') ? 'in the kernel (disk)' : 'asleep (nothing to do, or a wait)']);
      if (Number(s[5]) === relayPid) loopStates.push([t, 'running']);
    } else {
      const s = /comm=(.*) pid=(\d+)/.exec(m[4]);
      if (s && Number(s[2]) === relayPid) loopStates.push([t, 'waiting for a CPU']);
    }
  }
  const overlapsBy = (intervals, from, to, into) => {
    for (const [start, end, what] of intervals) {
      const o = Math.min(end, to) - Math.max(start, from);
      if (o > 0) into[what] = (into[what] ?? 0) + o;
    }
    return into;
  };
  const stateIntervals = loopStates.map(([t, state], i) => [t, loopStates[i + 1]?.[0] ?? Infinity, state]);
  return {
    /** ms per thread group that ran on any CPU between `from` and `to`. */
    ran: (from, to) => running.reduce((into, intervals) => overlapsBy(intervals ?? [], from, to, into), {}),
    /** ms per state of the relay's event loop between `from` and `to`. */
    loop: (from, to) => overlapsBy(stateIntervals, from, to, {}),
  };
}

const overlaps = (from, to, start, end) => start < to && end > from;

/** Per request: its phases (ms) and what else happened in the relay meanwhile. */
export function attribute(records, trace, timeline = null) {
  const bySeq = new Map(trace.requests.map((r) => [r.seq, r]));
  const writes = [...trace.writes].sort((a, b) => a.start - b.start);
  const rows = [];
  for (const c of records) {
    const t = bySeq.get(c.seq);
    if (!t || t.append === undefined || t.appended === undefined || t.finished === undefined) continue;
    const write = writes.find((w) => w.start >= t.append);
    const inFlight = writes.some((w) => w.start < t.append && w.end > t.append);
    const phases = {
      generator: c.sent - c.due,
      toRelay: t.read - c.sent,
      body: t.handler - t.read,
      checks: t.append - t.handler,
      waitWrite: write ? write.start - t.append : 0,
      write: write ? write.end - write.start : t.appended - t.append,
      answer: t.finished - (write ? write.end : t.appended),
      back: c.answered - t.finished,
    };
    const gc = trace.gcs.filter((g) => overlaps(c.due, c.answered, g.start, g.start + g.ms));
    const overlapMs = (from, to, start, end) => Math.max(0, Math.min(to, end) - Math.max(from, start));
    // Before the relay read it: how long the event loop was inside a durable write done on it, or a GC pause.
    const unreadInLoopWrite = writes.filter((w) => w.onLoop).reduce((sum, w) => sum + overlapMs(c.sent, t.read, w.start, w.end), 0);
    const unreadInGc = trace.gcs.reduce((sum, g) => sum + overlapMs(c.sent, t.read, g.start, g.start + g.ms), 0);
    rows.push({
      seq: c.seq,
      latency: c.answered - c.due,
      phases,
      inFlight,
      writeOnLoop: write?.onLoop ?? null,
      writeEvents: write ? Math.round(write.bytes / 4500) : null,
      gcMs: gc.reduce((s, g) => s + g.ms, 0),
      unreadInLoopWrite,
      unreadInGc,
      ran: timeline?.ran(c.due, c.answered),
      loop: timeline?.loop(c.due, c.answered),
      forwarding: trace.forwards.some((f) => overlaps(c.due, c.answered, f - 5, f + 5)) || trace.reads.some((r) => overlaps(c.due, c.answered, r.start, r.end)),
    });
  }
  return rows;
}

const median = (xs) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] : 0);
const mean = (xs) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

/** The report: mean phases of all requests against the slowest 1 %, and what coincided with those. */
export function attributionReport(rows, trace, { label = 'relay' } = {}) {
  const sorted = [...rows].sort((a, b) => a.latency - b.latency);
  const slow = sorted.slice(Math.floor(sorted.length * 0.99));
  const fast = sorted.slice(0, Math.floor(sorted.length * 0.5));
  const lines = [];
  lines.push(`| ${label}: phase (ms) | all ${rows.length}: mean | fastest half: mean | slowest 1 % (${slow.length}): mean | slowest 1 %: median | slowest 1 %: max |`);
  lines.push('|---|---:|---:|---:|---:|---:|');
  for (const [key, what] of PHASES) {
    const s = slow.map((r) => r.phases[key]);
    lines.push(`| ${key}: ${what} | ${mean(rows.map((r) => r.phases[key])).toFixed(3)} | ${mean(fast.map((r) => r.phases[key])).toFixed(3)} | ${mean(s).toFixed(3)} | ${median(s).toFixed(3)} | ${Math.max(...s).toFixed(3)} |`);
  }
  lines.push(`| total (the generator's latency) | ${mean(rows.map((r) => r.latency)).toFixed(3)} | ${mean(fast.map((r) => r.latency)).toFixed(3)} | ${mean(slow.map((r) => r.latency)).toFixed(3)} | ${median(slow.map((r) => r.latency)).toFixed(3)} | ${Math.max(...slow.map((r) => r.latency)).toFixed(3)} |`);
  const count = (pred) => `${slow.filter(pred).length} of ${slow.length}`;
  const dominant = {};
  for (const r of slow) {
    const [key] = Object.entries(r.phases).sort((a, b) => b[1] - a[1])[0];
    dominant[key] = (dominant[key] ?? 0) + 1;
  }
  const gcKinds = {};
  for (const g of trace.gcs) gcKinds[g.kind] = (gcKinds[g.kind] ?? 0) + 1;
  const gcMs = trace.gcs.map((g) => g.ms);
  const sched = (at) => Object.entries(at).filter(([name]) => name === 'main' || name.startsWith('libuv'));
  const waited = sched(trace.schedAtEnd).map(([name, end]) => {
    const start = trace.schedAtStart[name] ?? { runMs: 0, waitMs: 0, slices: 0 };
    return { name, runMs: end.runMs - start.runMs, waitMs: end.waitMs - start.waitMs, slices: end.slices - start.slices };
  });
  const main = waited.find((w) => w.name === 'main');
  lines.push('');
  lines.push(
    `Slowest 1 %: the largest phase was ${Object.entries(dominant)
      .sort((a, b) => b[1] - a[1])
      .map(([k, n]) => `${k} for ${n}`)
      .join(', ')}; ${count((r) => r.gcMs > 0)} overlapped a GC pause (all requests: ${rows.filter((r) => r.gcMs > 0).length} of ${rows.length}); ` +
      `${count((r) => r.inFlight)} arrived while a write was in flight (all: ${rows.filter((r) => r.inFlight).length}); ${count((r) => r.writeOnLoop === false)} were written through the pool (all: ${rows.filter((r) => r.writeOnLoop === false).length}); ` +
      `${count((r) => r.forwarding)} overlapped the forwarder's retry (a spool read or a batch sent; ${trace.forwards.length} batches in the run).`,
  );
  const loopWrites = trace.writes.filter((w) => w.onLoop).map((w) => w.end - w.start);
  const poolWrites = trace.writes.filter((w) => !w.onLoop).map((w) => w.end - w.start);
  lines.push(
    `While the slowest 1 % waited to be read (toRelay, mean ${mean(slow.map((r) => r.phases.toRelay)).toFixed(3)} ms), the event loop was in a durable write done on it for a mean ${mean(slow.map((r) => r.unreadInLoopWrite)).toFixed(3)} ms and in a GC pause for ${mean(slow.map((r) => r.unreadInGc)).toFixed(3)} ms. ` +
      `Durable writes: ${loopWrites.length} on the event loop (p50 ${median(loopWrites).toFixed(2)} ms, ${loopWrites.filter((d) => d > 1).length} over 1 ms, ${loopWrites.filter((d) => d > 3).length} over 3 ms, max ${Math.max(0, ...loopWrites).toFixed(2)}), ${poolWrites.length} in the pool (p50 ${median(poolWrites).toFixed(2)} ms, max ${Math.max(0, ...poolWrites).toFixed(2)}).`,
  );
  if (slow.every((r) => r.ran)) {
    const sumOf = (key) => {
      const into = {};
      for (const r of slow) for (const [what, ms] of Object.entries(r[key])) into[what] = (into[what] ?? 0) + ms / slow.length;
      return Object.entries(into)
        .filter(([, ms]) => ms >= 0.01)
        .sort((a, b) => b[1] - a[1])
        .map(([what, ms]) => `${what} ${ms.toFixed(2)}`)
        .join(', ');
    };
    lines.push(`While each of the slowest 1 % was under way (perf sched, mean ms per request): the relay's event loop was ${sumOf('loop')}; the two CPUs ran ${sumOf('ran')}.`);
  }
  lines.push(
    `GC in the run (from the relay's start): ${trace.gcs.length} pauses (${Object.entries(gcKinds)
      .map(([k, n]) => `${n} of kind ${k}`)
      .join(', ')}), p50 ${median(gcMs).toFixed(2)} ms, max ${Math.max(0, ...gcMs).toFixed(2)} ms; event-loop delay (1 ms resolution) p99 ${trace.loopDelay.p99.toFixed(2)} ms, max ${trace.loopDelay.max.toFixed(2)} ms; ` +
      `the event loop's thread ran ${main ? main.runMs.toFixed(0) : '?'} ms and waited for a CPU ${main ? main.waitMs.toFixed(0) : '?'} ms over ${main ? main.slices : '?'} slices (whole life of the relay).`,
  );
  return lines.join('\n');
}

/** The slowest requests one by one (for a closer look): latency, phases, and what coincided. */
export function slowestRows(rows, n = 20) {
  return [...rows]
    .sort((a, b) => b.latency - a.latency)
    .slice(0, n)
    .map((r) => `${r.latency.toFixed(2)} ms  ${PHASES.map(([k]) => `${k} ${r.phases[k].toFixed(2)}`).join('  ')}  gc ${r.gcMs.toFixed(2)}${r.inFlight ? '  in-flight' : ''}${r.writeOnLoop === false ? '  pool' : ''}${r.forwarding ? '  forwarding' : ''}`);
}
