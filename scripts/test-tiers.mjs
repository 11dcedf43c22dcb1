// `npm test`: the three tiers on jest.config.js's workers (one more than the machine has cores;
// each test file has its own database), except the process tests that bound the service's latency
// (ALONE_TESTS in test/process-tests.js), which run last, one at a time: a second worker of ours
// would be load on the service they measure. The second run happens even when the first failed, so
// one run reports every failure; the exit code is non-zero when either failed. An interrupted run
// stops at once: jest gets the signal (Ctrl-C reaches the whole process group; a SIGTERM sent to
// this script is passed on) and stops what the tests started.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

const jest = createRequire(import.meta.url).resolve('jest/bin/jest');
const RUNS = [
  ['--selectProjects', 'unit', 'in-process', 'process'],
  ['--runInBand', '--selectProjects', 'process-alone'],
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
