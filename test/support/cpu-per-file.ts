// With TEST_CPU_LOG=<file>, each test file appends one JSON line to it: the CPU its worker spent on
// it (every thread) and the CPU of the processes it started and reaped (the service, programs), in
// ms, its wall time, and the CPU the test PostgreSQL spent meanwhile (its sessions that ended; only
// the file's own with --runInBand): where a run's CPU goes (docs/testing.md). Linux only.
import * as fs from 'node:fs';
import { runningPostmaster } from '../../src/database/running-postmaster';

const log = process.env.TEST_CPU_LOG;

/** A process's CPU in ms from /proc: its own (utime + stime) and its reaped children's (cutime + cstime). */
function cpuTimesMs(pid: number | 'self'): { own: number; children: number } {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ').map(Number);
  return { own: (fields[11] + fields[12]) * 10, children: (fields[13] + fields[14]) * 10 };
}

/** CPU of the processes this one started and reaped. */
const childrenCpuMs = () => cpuTimesMs('self').children;

/** CPU of the test PostgreSQL: its postmaster and the sessions it has reaped (0 when it is not known). */
function postgresCpuMs(): number {
  const running = runningPostmaster(process.env.TEST_PG_DATA_DIR ?? '');
  if (!running) return 0;
  const { own, children } = cpuTimesMs(running.pid);
  return own + children;
}

if (log) {
  const cpu = process.cpuUsage();
  const children = childrenCpuMs();
  const postgres = postgresCpuMs();
  const started = Date.now();
  afterAll(() => {
    const own = process.cpuUsage(cpu);
    const line = {
      file: expect.getState().testPath,
      ownMs: Math.round((own.user + own.system) / 1000),
      childrenMs: childrenCpuMs() - children,
      wallMs: Date.now() - started,
      postgresMs: postgresCpuMs() - postgres,
    };
    fs.appendFileSync(log, `${JSON.stringify(line)}\n`);
  });
}
