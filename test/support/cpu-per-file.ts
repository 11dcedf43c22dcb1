// With TEST_CPU_LOG=<file>, each test file appends one JSON line to it: the CPU its worker spent on
// it (every thread) and the CPU of the processes it started and reaped (the service, Chromium,
// programs), in ms, and its wall time: where a run's CPU goes (docs/testing.md). Linux only.
import * as fs from 'node:fs';

const log = process.env.TEST_CPU_LOG;

/** CPU of the reaped children of this process (cutime + cstime of /proc/self/stat), in ms. */
function childrenCpuMs(): number {
  const stat = fs.readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) * 10;
}

if (log) {
  const cpu = process.cpuUsage();
  const children = childrenCpuMs();
  const started = Date.now();
  afterAll(() => {
    const own = process.cpuUsage(cpu);
    const line = { file: expect.getState().testPath, ownMs: Math.round((own.user + own.system) / 1000), childrenMs: childrenCpuMs() - children, wallMs: Date.now() - started };
    fs.appendFileSync(log, `${JSON.stringify(line)}\n`);
  });
}
