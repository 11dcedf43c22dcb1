// Preloaded into the store by `npm run bench:stalls` (node --require): every gap of the event loop
// over MIN_MS, with the CPU the process used meanwhile (all its threads). CPU near the gap
// or above it: the process was working (synchronous work, or the garbage collector on several
// threads); far below it: the process was not running. Written to STALL_FILE at exit.
const fs = require('node:fs');
const { PerformanceObserver } = require('node:perf_hooks');

const TICK_MS = 2;
const MIN_MS = 15;
const stalls = [];
let last = performance.now();
let lastCpu = process.cpuUsage();
setInterval(() => {
  const now = performance.now();
  const cpu = process.cpuUsage();
  const gapMs = now - last;
  if (gapMs > MIN_MS) {
    const cpuMs = (cpu.user - lastCpu.user + cpu.system - lastCpu.system) / 1000;
    stalls.push({ at: Date.now(), from: last, to: now, gapMs: Math.round(gapMs), cpuMs: Math.round(cpuMs) });
  }
  last = now;
  lastCpu = cpu;
}, TICK_MS).unref();
/** The main thread's garbage-collection pauses (V8's kinds: 1 scavenge, 2 mark-compact, 4 incremental marking step, 8 weak callbacks). */
const pauses = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) pauses.push({ start: entry.startTime, ms: entry.duration, kind: entry.detail?.kind });
}).observe({ entryTypes: ['gc'] });
const KINDS = { 1: 'scavenge', 2: 'mark-compact', 4: 'marking', 8: 'weak' };
process.on('exit', () => {
  for (const stall of stalls) {
    const inside = pauses.filter((p) => p.start >= stall.from && p.start < stall.to);
    stall.gcMs = Math.round(inside.reduce((a, p) => a + p.ms, 0));
    stall.gc = [...new Set(inside.map((p) => KINDS[p.kind] ?? p.kind))].join('+');
  }
  fs.writeFileSync(process.env.STALL_FILE, JSON.stringify(stalls));
});
