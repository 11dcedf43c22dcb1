/**
 * A body over BODY_LIMIT_BYTES gets a 413 the client can read: the store reads and discards the
 * rest of the body (within bounds) before it answers and closes, so the client is not reset while
 * it is still sending (a lingering close, as nginx does).
 */
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { migratedDatabase } from './ops-support';
import { InProcessServer, startInProcessServer } from '../support/in-process-app';
import { runProgram } from '../support/run-program';

const BODY_BYTES = 40 * 1024 * 1024;
const ATTEMPTS = 10;

/** One JSON document of about 40 MB (over the default 32 MiB limit). */
function largeBody(): Buffer {
  const filler = 'x'.repeat(BODY_BYTES - 64);
  return Buffer.from(JSON.stringify({ eventType: 'COMPLETE', filler }));
}

function postWithNode(url: string, body: Buffer, chunked = false): Promise<string> {
  return new Promise((resolve) => {
    const headers = chunked ? { 'content-type': 'application/json' } : { 'content-type': 'application/json', 'content-length': body.length };
    const req = http.request(url, { method: 'POST', agent: false, headers }, (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve(`${res.statusCode} ${JSON.parse(text).statusCode}`));
      res.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    if (!chunked) {
      req.end(body);
      return;
    }
    let offset = 0;
    const next = () => {
      while (offset < body.length) {
        const chunk = body.subarray(offset, offset + 256 * 1024);
        offset += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', next);
      }
      req.end();
    };
    next();
  });
}

/**
 * A client that writes the whole request before it reads anything (as many blocking HTTP
 * clients do): the one a server that closes early resets before it can read the answer.
 */
function postWriteThenRead(port: number, body: Buffer): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.pause();
    let response = '';
    let settled = false;
    const finish = (outcome: string) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve(outcome);
    };
    const read = () => {
      socket.on('data', (chunk) => (response += chunk.toString('latin1')));
      socket.on('end', () => finish(/^HTTP\/1\.1 (\d{3})/.exec(response)?.[1] ?? `no status line: ${JSON.stringify(response.slice(0, 60))}`));
      socket.resume();
    };
    socket.on('error', (error: NodeJS.ErrnoException) => finish(error.code ?? error.message));
    socket.on('connect', () => {
      socket.write(`POST /api/v1/lineage HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`);
      socket.write(body, () => read());
    });
  });
}

describe('413 for a body over BODY_LIMIT_BYTES', () => {
  let store: InProcessServer;
  let bodyFile: string;
  beforeAll(async () => {
    store = await startInProcessServer({ PROJECTION_WORKERS: '0' }, await migratedDatabase('ops_413'));
    bodyFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'metadata-store-413-')), 'body.json');
    fs.writeFileSync(bodyFile, largeBody());
  });
  afterAll(async () => {
    await store?.close();
    if (bodyFile) fs.rmSync(path.dirname(bodyFile), { recursive: true, force: true });
  });

  it(`node's http client reads the 413 ${ATTEMPTS} times of ${ATTEMPTS}`, async () => {
    const body = fs.readFileSync(bodyFile);
    const outcomes: string[] = [];
    for (let i = 0; i < ATTEMPTS; i++) outcomes.push(await postWithNode(`${store.url}/api/v1/lineage`, body, i % 2 === 1));
    console.log(`node: ${outcomes.filter((o) => o === '413 413').length} of ${ATTEMPTS} read the 413 (${outcomes.join(', ')})`);
    expect(outcomes).toEqual(Array(ATTEMPTS).fill('413 413'));
  });

  it(`a client that writes everything before reading reads the 413 ${ATTEMPTS} times of ${ATTEMPTS}`, async () => {
    const body = fs.readFileSync(bodyFile);
    const outcomes: string[] = [];
    for (let i = 0; i < ATTEMPTS; i++) outcomes.push(await postWriteThenRead(store.port, body));
    console.log(`write-then-read: ${outcomes.filter((o) => o === '413').length} of ${ATTEMPTS} read the 413 (${outcomes.join(', ')})`);
    expect(outcomes).toEqual(Array(ATTEMPTS).fill('413'));
  });

  it('a client that keeps sending is not read forever: the store answers and closes after LINGER_MAX_MS', async () => {
    const started = Date.now();
    const outcome = await new Promise<string>((resolve) => {
      const socket = net.connect({ host: '127.0.0.1', port: store.port });
      let response = '';
      const chunk = Buffer.alloc(64 * 1024, 'x');
      const timer = setInterval(() => socket.writable && socket.write(chunk), 20);
      const finish = (how: string) => {
        clearInterval(timer);
        socket.destroy();
        resolve(`${/^HTTP\/1\.1 (\d{3})/.exec(response)?.[1] ?? 'no answer'} ${how}`);
      };
      socket.on('data', (data) => (response += data.toString('latin1')));
      socket.on('end', () => finish('closed'));
      socket.on('error', (error: NodeJS.ErrnoException) => finish(error.code ?? 'error'));
      socket.write(`POST /api/v1/lineage HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${10 * 1024 ** 3}\r\n\r\n`);
    });
    const elapsedMs = Date.now() - started;
    expect(outcome).toMatch(/^413 /);
    expect(elapsedMs).toBeGreaterThanOrEqual(9000);
    expect(elapsedMs).toBeLessThan(30000);
  });

  it(`curl reads the 413 ${ATTEMPTS} times of ${ATTEMPTS}`, async () => {
    const outcomes: string[] = [];
    for (let i = 0; i < ATTEMPTS; i++) {
      const result = await runProgram(
        'curl',
        ['-sS', '-o', '/dev/null', '-w', '%{http_code}', '-H', 'content-type: application/json', '-H', 'Expect:', ...(i % 2 === 1 ? ['-H', 'Transfer-Encoding: chunked'] : []), '--data-binary', `@${bodyFile}`, `${store.url}/api/v1/lineage`],
        { timeoutMs: 60000 },
      );
      outcomes.push(result.status === 0 ? result.stdout : `exit ${result.status}: ${result.stderr.trim()}`);
    }
    console.log(`curl: ${outcomes.filter((o) => o === '413').length} of ${ATTEMPTS} read the 413 (${outcomes.join(', ')})`);
    expect(outcomes).toEqual(Array(ATTEMPTS).fill('413'));
  });
});
