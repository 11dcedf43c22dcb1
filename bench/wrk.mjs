// Closed-loop load with wrk (Debian package `wrk`): CONNECTIONS connections, each sending the
// next request as soon as the previous one is answered.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RUN_ID_PLACEHOLDER } from './event.mjs';
import { track } from './processes.mjs';

const SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fresh-run-id.lua');

/** Throws with the way to get wrk when it is missing. */
export function requireWrk() {
  try {
    return execFileSync('wrk', ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).split('\n')[0];
  } catch (error) {
    if (error.code !== 'ENOENT') return String(error.stdout ?? '').split('\n')[0]; // wrk --version exits 1
    throw new Error('wrk is not installed: `apt-get install wrk` (Debian/Ubuntu), then run the benchmark again');
  }
}

/** Runs wrk against `url` and returns events/s (2xx only), latency percentiles in ms and errors. */
export function wrk(url, { connections, threads = 2, durationS, templateFile }) {
  const args = ['-t', String(threads), '-c', String(connections), '-d', `${durationS}s`, '--timeout', '10s', '-s', SCRIPT, url, '--', templateFile, RUN_ID_PLACEHOLDER, randomBytes(4).toString('hex')];
  const child = track(spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] }));
  let out = '';
  child.stdout.on('data', (c) => (out += c));
  child.stderr.on('data', (c) => (out += c));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => {
      const line = /^WRK_RESULT (.*)$/m.exec(out);
      if (code !== 0 || !line) return reject(new Error(`wrk exited ${code}: ${out}`));
      const r = JSON.parse(line[1]);
      const failed = r.non2xx + r.connectErrors + r.readErrors + r.writeErrors + r.timeouts;
      resolve({
        eventsPerSecond: (r.requests - r.non2xx) / (r.durationUs / 1e6),
        p50: r.p50Us / 1000,
        p99: r.p99Us / 1000,
        non2xx: r.non2xx,
        errors: failed - r.non2xx,
        requests: r.requests,
        durationS: r.durationUs / 1e6,
        failed,
      });
    });
  });
}
