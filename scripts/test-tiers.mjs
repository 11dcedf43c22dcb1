// `npm test`: the unit and in-process tiers on two workers (each test file has its own database),
// then the process tier one file at a time (its tests watch a service's liveness under load, and
// a second worker of ours is load too). The process tier runs even when the first run failed, so
// one run reports every failure; the exit code is non-zero when either failed. An interrupted run
// stops at once: jest gets the signal (Ctrl-C reaches the whole process group; a SIGTERM sent to
// this script is passed on) and stops what the tests started.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

const jest = createRequire(import.meta.url).resolve('jest/bin/jest');
const RUNS = [
  ['--maxWorkers=2', '--selectProjects', 'unit', 'in-process'],
  ['--runInBand', '--selectProjects', 'process'],
];

let current = null;
let interrupted = null;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    interrupted = signal;
    if (signal !== 'SIGINT') current?.kill(signal); // Ctrl-C has reached jest already
  });
}

let failed = false;
for (const args of RUNS) {
  current = spawn(process.execPath, [jest, ...args], { stdio: 'inherit' });
  const code = await new Promise((resolve) => current.once('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0))));
  if (interrupted) process.exit(code || 130);
  if (code !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
