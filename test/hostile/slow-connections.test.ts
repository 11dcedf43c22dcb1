import { ChildProcess, spawn } from 'node:child_process';
import * as net from 'node:net';
import { stopChild, track } from '../support/child-processes';
import { migratedDatabase } from '../support/migrated-database';
import { freePort, MAIN, PACKAGE_ROOT } from '../support/store-process';
import { probe } from './probes';
import { waitFor } from '../support/wait-for';

const HEADERS_TIMEOUT_MS = 2000;
const REQUEST_TIMEOUT_MS = 3000;
/** Node checks the request and headers deadlines once a second. */
const CHECK_INTERVAL_MS = 1000;
/** This machine is shared: a timer may fire late. */
const SCHEDULING_SLACK_MS = 2000;

/** Opens a connection and sends `head` (then nothing more unless `trickle`). Resolves when it closes, with the time it was open. */
function slowConnection(port: number, head: string, trickle?: string) {
  const socket = net.connect(port, '127.0.0.1');
  const opened = Date.now();
  let timer: NodeJS.Timeout | undefined;
  socket.on('connect', () => {
    socket.write(head);
    if (trickle) timer = setInterval(() => socket.write(trickle), 500);
  });
  socket.on('error', () => undefined);
  socket.resume();
  const closed = new Promise<number>((resolve) =>
    socket.on('close', () => {
      clearInterval(timer);
      resolve(Date.now() - opened);
    }),
  );
  return { socket, closed };
}

const POST_HEAD = (length: number) =>
  `POST /api/v1/lineage HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

/** `node dist/main.js serve` under `ulimit -n`, so that the descriptor limit is part of the test. */
async function startLimited(env: Record<string, string>, descriptors: number) {
  const port = await freePort();
  // `exec`: the shell becomes the service, so the tracked pid is the service's.
  const child: ChildProcess = track(spawn('sh', ['-c', `ulimit -n ${descriptors} && exec "${process.execPath}" "${MAIN}" serve`], {
    cwd: PACKAGE_ROOT,
    env: { PATH: process.env.PATH!, HOME: process.env.HOME ?? '/tmp', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', SHUTDOWN_DELAY_MS: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  }), 'metadata-store serve (ulimit -n)');
  const output: string[] = [];
  child.stdout!.on('data', (c: Buffer) => output.push(c.toString()));
  child.stderr!.on('data', (c: Buffer) => output.push(c.toString()));
  for (let i = 0; i < 300; i++) {
    if ((await probe(`http://127.0.0.1:${port}/health/ready`)).status === 200) {
      return { port, child, stop: () => stopChild(child) };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await stopChild(child, 'SIGKILL');
  throw new Error(`the store did not become ready:\n${output.join('')}`);
}

describe('every connection is bounded in time, and probes get through a flood of them', () => {
  let databaseUrl: string;
  let store: Awaited<ReturnType<typeof startLimited>>;
  const sockets: net.Socket[] = [];

  beforeAll(async () => {
    databaseUrl = await migratedDatabase('slow');
    store = await startLimited(
      { DATABASE_URL: databaseUrl, HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS), HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS) },
      256,
    );
  });

  afterEach(() => {
    sockets.splice(0).forEach((s) => s.destroy());
  });

  afterAll(async () => {
    await store?.stop();
  });

  it(`closes 200 slow-body connections within HTTP_REQUEST_TIMEOUT_MS (${REQUEST_TIMEOUT_MS} ms) plus the check interval`, async () => {
    // Complete headers, then one byte every 500 ms of a body that never completes.
    const connections = Array.from({ length: 200 }, () => slowConnection(store.port, POST_HEAD(1_000_000), ' '));
    sockets.push(...connections.map((c) => c.socket));
    const openFor = await Promise.all(connections.map((c) => c.closed));
    console.log("slow-body connections open for (ms)", { min: Math.min(...openFor), max: Math.max(...openFor) });
    expect(Math.max(...openFor)).toBeLessThan(REQUEST_TIMEOUT_MS + CHECK_INTERVAL_MS + SCHEDULING_SLACK_MS);
  });

  it('closes a connection whose Content-Length never arrives, and one that never finishes its headers', async () => {
    const shortBody = slowConnection(store.port, `${POST_HEAD(100)}{"a":`);
    const slowHeaders = slowConnection(store.port, 'GET /health/live HTTP/1.1\r\nHost: x\r\n', 'X-A: b\r\n');
    sockets.push(shortBody.socket, slowHeaders.socket);
    expect(await shortBody.closed).toBeLessThan(REQUEST_TIMEOUT_MS + CHECK_INTERVAL_MS + SCHEDULING_SLACK_MS);
    expect(await slowHeaders.closed).toBeLessThan(HEADERS_TIMEOUT_MS + CHECK_INTERVAL_MS + SCHEDULING_SLACK_MS);
  });

  it('answers liveness and readiness while more slow connections are open than it has descriptors', async () => {
    const flood = Array.from({ length: 300 }, () => slowConnection(store.port, POST_HEAD(1_000_000), ' '));
    sockets.push(...flood.map((c) => c.socket));
    await waitFor('every connection of the flood to have sent its head', () => flood.every((c) => c.socket.bytesWritten > 0 || c.socket.destroyed));
    const answers: number[] = [];
    for (let i = 0; i < 10; i++) {
      answers.push((await probe(`http://127.0.0.1:${store.port}/health/live`)).status);
      answers.push((await probe(`http://127.0.0.1:${store.port}/health/ready`)).status);
      await new Promise((r) => setTimeout(r, 100));
    }
    console.log("probe answers under the flood", answers.join(" "));
    expect(answers.filter((s) => s !== 200)).toEqual([]);
  });
});
