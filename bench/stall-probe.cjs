// Preloaded into the store by `npm run bench:stalls` (node --require): every gap of the event loop
// over MIN_MS, with the CPU the process used meanwhile (all its threads). CPU near the gap
// or above it: the process was working (synchronous work, or the garbage collector on several
// threads); far below it: the process was not running. Written to STALL_FILE at exit.
const fs = require('node:fs');

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
    stalls.push({ at: Date.now(), gapMs: Math.round(gapMs), cpuMs: Math.round(cpuMs) });
  }
  last = now;
  lastCpu = cpu;
}, TICK_MS).unref();
process.on('exit', () => fs.writeFileSync(process.env.STALL_FILE, JSON.stringify(stalls)));
