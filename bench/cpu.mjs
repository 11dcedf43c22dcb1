// CPU time from /proc (Linux): per process, for a PostgreSQL server and all its backends, and for
// the whole machine. Differences of two readings give the CPU one measurement cost.
import fs from 'node:fs';
import path from 'node:path';

const TICK_S = 0.01; // USER_HZ is 100 on Linux

function statFields(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' '); // fields from 3 (state) on
}

/** User + system CPU seconds of one process (not its children). */
export function processCpuSeconds(pid) {
  const f = statFields(pid);
  return (Number(f[11]) + Number(f[12])) * TICK_S;
}

/**
 * CPU seconds of a PostgreSQL server: the postmaster, its live children, and the children it has
 * already reaped (cutime/cstime), so backends that came and went are counted too.
 */
export function postgresCpuSeconds(dataDir) {
  const postmaster = postmasterPid(dataDir);
  const f = statFields(postmaster);
  let total = (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) * TICK_S;
  for (const child of postgresChildren(dataDir).values()) total += child.cpu;
  return total;
}

const postmasterPid = (dataDir) => Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);

/** The live children of a PostgreSQL server: pid -> { title (its ps title), cpu seconds }. */
export function postgresChildren(dataDir) {
  const postmaster = postmasterPid(dataDir);
  const children = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const f = statFields(entry);
      if (Number(f[1]) !== postmaster) continue;
      const title = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
      children.set(entry, { title, cpu: (Number(f[11]) + Number(f[12])) * TICK_S });
    } catch {
      // the process exited between readdir and read
    }
  }
  return children;
}

/** A PostgreSQL process's kind: its ps title, a client backend's address and state left out. */
export const postgresKind = (title) => title.replace(/\d+\.\d+\.\d+\.\d+\(\d+\).*$/, 'client backend');

/** CPU seconds each kind of PostgreSQL process used between two postgresChildren() readings. */
export function postgresCpuByKind(before, after) {
  const byKind = {};
  for (const [pid, { title, cpu }] of after) byKind[postgresKind(title)] = (byKind[postgresKind(title)] ?? 0) + cpu - (before.get(pid)?.cpu ?? 0);
  return byKind;
}

/**
 * CPU seconds of the whole machine, all cores: busy (this machine's own work), stolen (time its
 * virtual CPUs were ready but the host ran something else) and the total.
 */
export function machineCpuSeconds() {
  const [, ...ticks] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  const idle = ticks[3] + ticks[4];
  const stolen = ticks[7];
  const total = ticks.slice(0, 8).reduce((a, b) => a + b, 0);
  return { busy: (total - idle - stolen) * TICK_S, stolen: stolen * TICK_S, total: total * TICK_S };
}

export function peakRssMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)[1]) / 1024;
}

/**
 * CPU seconds of each thread of a process, by role: `main` for the thread whose id is the pid (the
 * event loop), the others summed by their name (V8's `V8Worker`s, libuv's pool, a worker thread).
 */
export function threadCpuSeconds(pid) {
  const byRole = {};
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
    try {
      const role = tid === String(pid) ? 'main' : fs.readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
      const f = statFields(`${pid}/task/${tid}`);
      byRole[role] = (byRole[role] ?? 0) + (Number(f[11]) + Number(f[12])) * TICK_S;
    } catch {
      // the thread exited between readdir and read
    }
  }
  return byRole;
}
