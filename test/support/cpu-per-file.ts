// With TEST_CPU_LOG=<file>, each test file appends one JSON line to it: the CPU its worker spent on
// it (every thread) and the CPU of the processes it started and reaped (the service, programs), in
// ms, its wall time, and the CPU the test PostgreSQL spent meanwhile (its sessions that ended; only
// the file's own with --runInBand): where a run's CPU goes (docs/testing.md). Linux only.
import * as path from 'node:path';
import * as fs from 'node:fs';

const log = process.env.TEST_CPU_LOG;

/** CPU of the reaped children of this process (cutime + cstime of /proc/self/stat), in ms. */
function childrenCpuMs(): number {
  const stat = fs.readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) * 10;
}

/** CPU of the test PostgreSQL: its postmaster and the sessions it has reaped, in ms (0 when unknown). */
function postgresCpuMs(): number {
  try {
    const pid = fs.readFileSync(path.join(process.env.TEST_PG_DATA_DIR ?? '', 'postmaster.pid'), 'utf8').split('\n')[0];
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * 10;
  } catch {
    return 0;
  }
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
