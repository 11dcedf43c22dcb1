// What the relay benchmarks share: the 4 KB Trino-shaped event, a store that is down, and the relay
// started as `metadata-store relay` from a checkout with dist/ built.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RUN_ID_PLACEHOLDER } from './event.mjs';
import { freePort, PRODUCTION_NODE_ARGS, stopChild, track } from './processes.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SPOOL_PARENT = process.env.BENCH_SPOOL_PARENT ?? os.tmpdir();

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The bench's Trino CTAS COMPLETE cut to about 4 KB: one input, no query statistics. */
function fourKbEvent() {
  const event = JSON.parse(fs.readFileSync(path.join(ROOT, 'bench', 'trino-ctas-complete.json'), 'utf8'));
  event.inputs = event.inputs.slice(0, 1);
  delete event.run.facets.trino_query_statistics;
  delete event.run.facets.nominalTime;
  const [prefix, suffix] = JSON.stringify(event).split(RUN_ID_PLACEHOLDER);
  return { text: (runId) => prefix + runId + suffix, template: prefix + RUN_ID_PLACEHOLDER + suffix };
}
export const EVENT = fourKbEvent();
export const EVENT_BYTES = Buffer.byteLength(EVENT.template);
/** The event with a fresh run id. */
export const eventBody = () => EVENT.text(crypto.randomUUID());

/** A store that is down: connections are accepted and closed at once. */
export async function downStore() {
  const server = net.createServer((socket) => socket.destroy());
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}

/**
 * `metadata-store relay` from `root` (a checkout with dist/ built), forwarding to `targetUrl`, its
 * spool in a fresh folder under SPOOL_PARENT, with the image's V8 settings (PRODUCTION_NODE_ARGS);
 * resolves once /health/live answers.
 */
export async function startRelay(targetUrl, { root = ROOT, nodeArgs = [], env = {} } = {}) {
  const port = await freePort();
  const spoolDir = fs.mkdtempSync(path.join(SPOOL_PARENT, 'relay-bench-'));
  const started = performance.now();
  const child = track(
    spawn(process.execPath, [...PRODUCTION_NODE_ARGS, ...nodeArgs, 'dist/main.js', 'relay'], {
      cwd: root,
      env: { PATH: process.env.PATH, RELAY_PORT: String(port), RELAY_TARGET_URL: targetUrl, RELAY_SPOOL_DIR: spoolDir, RELAY_SPOOL_MAX_BYTES: String(64 * 1024 ** 3), LOG_LEVEL: 'error', ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the relay exited with ${child.exitCode}`);
    if (await fetch(`${url}/health/live`).then((r) => r.ok, () => false)) break;
    await sleep(5);
  }
  const startupMs = performance.now() - started;
  return {
    child,
    url,
    startupMs,
    async stop() {
      await stopChild(child);
      fs.rmSync(spoolDir, { recursive: true, force: true });
    },
  };
}

/** One series' value from the relay's /metrics (0 when absent). */
export async function metric(url, series) {
  const text = await (await fetch(`${url}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}
