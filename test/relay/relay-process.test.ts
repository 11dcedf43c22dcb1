import { createHash, randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { HEADER_BYTES } from '../../src/relay/spool/record';
import { stopChild } from '../support/child-processes';
import { freePort, PACKAGE_ROOT, runCommand, spawnMain } from '../support/store-process';
import { downStore, FAST_RETRIES, loggedEvents, ListeningStore, relayMetric, startListeningStore, waitUntil } from '../support/relay';

// `metadata-store relay` as a process: crashes (kill -9), SIGTERM, configuration errors. The
// store runs in this process, listening on a real port.

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const event = () =>
  JSON.stringify({
    eventTime: '2026-12-03T08:00:00.000Z',
    eventType: 'COMPLETE',
    producer: 'https://example.com/relay-process-test',
    run: { runId: randomUUID() },
    job: { namespace: 'relay-process', name: 'job' },
    outputs: [{ namespace: 'trino://coordinator:8080', name: 'hive.sales.orders', facets: { schema: { fields: [{ name: 'id', type: 'bigint' }] } } }],
  });

interface RelayProcess {
  url: string;
  output: string[];
  exited: Promise<number | null>;
  child: ReturnType<typeof spawnMain>['child'];
}

async function spawnRelay(env: Record<string, string>): Promise<RelayProcess> {
  const { child, output, exited } = spawnMain(['relay'], { PATH: process.env.PATH!, HOME: process.env.HOME ?? '/tmp', ...FAST_RETRIES, ...env }, PACKAGE_ROOT);
  const url = `http://127.0.0.1:${env.RELAY_PORT}`;
  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code));
  await waitUntil(`the relay is ready:\n${output.join('\n')}`, async () => {
    if (exitCode !== undefined) throw new Error(`the relay exited with ${exitCode}:\n${output.join('\n')}`);
    return fetch(`${url}/health/ready`).then((r) => r.status === 200, () => false);
  });
  return { url, output, exited, child };
}

const post = (url: string, text: string) =>
  fetch(`${url}/api/v1/lineage`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: text }).then(
    (r) => r.status,
    () => null,
  );

const segmentFiles = (dir: string) => fs.readdirSync(dir).filter((f) => f.startsWith('segment-'));

describe('metadata-store relay (process)', () => {
  let store: ListeningStore | null = null;
  let spoolDir: string;
  let port: number;
  let storePort: number;

  beforeEach(async () => {
    spoolDir = fs.mkdtempSync(path.join(os.tmpdir(), 'relay-process-'));
    port = await freePort();
    store = await startListeningStore();
    storePort = Number(new URL(store.url).port);
  });

  afterEach(async () => {
    await store?.close();
    store = null;
    fs.rmSync(spoolDir, { recursive: true, force: true });
  });

  const relayEnv = (extra: Record<string, string> = {}) => ({
    RELAY_PORT: String(port),
    RELAY_TARGET_URL: `http://127.0.0.1:${storePort}`,
    RELAY_SPOOL_DIR: spoolDir,
    RELAY_SEGMENT_BYTES: '16384',
    RELAY_BATCH_MAX_EVENTS: '20',
    ...extra,
  });

  it('killed with SIGKILL at random points, with the store up and down, delivers every acknowledged event to the store once', async () => {
    const databaseUrl = store!.store.databaseUrl;
    const acknowledged = new Set<string>();
    const sent = new Set<string>();
    const killedAfter: number[] = [];
    const outputs: string[][] = [];
    // Round 2 runs while the store is down: the spool alone holds what is acknowledged.
    let down: Awaited<ReturnType<typeof downStore>> | null = null;
    for (let round = 0; round < 4; round++) {
      if (round === 1) {
        await store!.close();
        store = null;
        down = await downStore(storePort);
      }
      if (round === 2) {
        await down!.close();
        store = await startListeningStoreOn(databaseUrl, storePort);
      }
      const relay = await spawnRelay(relayEnv());
      outputs.push(relay.output);
      const killAt = 20 + Math.floor(Math.random() * 60);
      killedAfter.push(killAt);
      let acks = 0;
      let stop = false;
      const worker = async () => {
        while (!stop) {
          const text = event();
          sent.add(sha256(text));
          const status = await post(relay.url, text);
          if (status === 201) {
            acknowledged.add(sha256(text));
            if (++acks >= killAt) stop = true;
          } else if (status === null) {
            stop = true; // the relay is gone
          }
        }
      };
      const workers = Array.from({ length: 8 }, worker);
      await waitUntil('enough acknowledgements', () => acks >= killAt || stop);
      relay.child.kill('SIGKILL');
      await relay.exited;
      stop = true;
      await Promise.all(workers);
    }
    const relay = await spawnRelay(relayEnv());
    try {
      await waitUntil('the spool is empty', async () => (await relayMetric(relay.url, 'relay_spool_events')) === 0, 60000);
      const stored = (await loggedEvents(databaseUrl)).map((r) => r.content_hash.toString('hex'));
      outputs.push(relay.output);
      const problems = outputs.flat().filter((line) => /"level":"(warn|error)"/.test(line) && !line.includes('UND_ERR_SOCKET'));
      const context = `killed after ${killedAfter.join(', ')} acknowledgements; ${problems.slice(0, 10).join('\n')}`;
      expect({ context, missing: [...acknowledged].filter((h) => !stored.includes(h)).length }).toEqual({ context, missing: 0 });
      expect(new Set(stored).size).toBe(stored.length);
      expect(stored.every((h) => sent.has(h))).toBe(true);
      expect(acknowledged.size).toBeGreaterThanOrEqual(80);
    } finally {
      await stopChild(relay.child);
    }
  });

  it('killed with SIGKILL while its segment holds zeros written ahead of the records, delivers every acknowledged event once after a restart, with no torn record reported', async () => {
    const databaseUrl = store!.store.databaseUrl;
    await store!.close();
    store = null;
    const down = await downStore(storePort);
    // The default segment size: the relay writes zeros well ahead of its records.
    const relay = await spawnRelay(relayEnv({ RELAY_SEGMENT_BYTES: String(16 * 1024 * 1024) }));
    const texts = Array.from({ length: 40 }, event);
    expect(await Promise.all(texts.map((t) => post(relay.url, t)))).toEqual(texts.map(() => 201));
    relay.child.kill('SIGKILL');
    await relay.exited;

    const [segment] = segmentFiles(spoolDir);
    const bytes = fs.readFileSync(path.join(spoolDir, segment));
    const recordBytes = texts.reduce((sum, t) => sum + HEADER_BYTES + Buffer.byteLength(t), 0);
    expect(bytes.length).toBeGreaterThan(recordBytes);
    expect(bytes.subarray(recordBytes).every((b) => b === 0)).toBe(true);

    await down.close();
    store = await startListeningStoreOn(databaseUrl, storePort);
    const again = await spawnRelay(relayEnv({ RELAY_SEGMENT_BYTES: String(16 * 1024 * 1024) }));
    try {
      await waitUntil('the spool is empty', async () => (await relayMetric(again.url, 'relay_spool_events')) === 0);
      const stored = (await loggedEvents(databaseUrl)).map((r) => r.content_hash.toString('hex'));
      expect(stored.sort()).toEqual(texts.map(sha256).sort());
      expect(again.output.filter((line) => line.includes('torn record'))).toEqual([]);
    } finally {
      await stopChild(again.child);
    }
  });

  it('on SIGTERM forwards what it holds and exits 0, leaving an empty spool', async () => {
    const relay = await spawnRelay(relayEnv());
    const texts = Array.from({ length: 50 }, event);
    const statuses = await Promise.all(texts.map((t) => post(relay.url, t)));
    expect(statuses.every((s) => s === 201)).toBe(true);
    relay.child.kill('SIGTERM');
    expect(await relay.exited).toBe(0);
    const stored = new Set((await loggedEvents(store!.store.databaseUrl)).map((r) => r.content_hash.toString('hex')));
    expect(texts.every((t) => stored.has(sha256(t)))).toBe(true);
    expect(segmentFiles(spoolDir)).toEqual([]);
  });

  it('on SIGTERM with the store down, exits 0 after RELAY_SHUTDOWN_TIMEOUT_MS keeping the events, and forwards them after a restart', async () => {
    const databaseUrl = store!.store.databaseUrl;
    await store!.close();
    store = null;
    const down = await downStore(storePort);
    const relay = await spawnRelay(relayEnv({ RELAY_SHUTDOWN_TIMEOUT_MS: '300' }));
    const texts = Array.from({ length: 20 }, event);
    expect(await Promise.all(texts.map((t) => post(relay.url, t)))).toEqual(texts.map(() => 201));
    relay.child.kill('SIGTERM');
    expect(await relay.exited).toBe(0);
    expect(relay.output.some((line) => line.includes('"leftInSpool":20'))).toBe(true);
    expect(segmentFiles(spoolDir).length).toBeGreaterThan(0);

    await down.close();
    store = await startListeningStoreOn(databaseUrl, storePort);
    const again = await spawnRelay(relayEnv());
    try {
      await waitUntil('the spool is empty', async () => (await relayMetric(again.url, 'relay_spool_events')) === 0);
      const stored = new Set((await loggedEvents(databaseUrl)).map((r) => r.content_hash.toString('hex')));
      expect(texts.every((t) => stored.has(sha256(t)))).toBe(true);
    } finally {
      await stopChild(again.child);
    }
  });

  it('refuses to start on a missing or invalid setting, naming it', () => {
    const missing = runCommand(['relay'], { RELAY_SPOOL_DIR: spoolDir });
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('RELAY_TARGET_URL is required');
    const invalid = runCommand(['relay'], { RELAY_TARGET_URL: 'ftp://x', RELAY_SPOOL_MAX_BYTES: 'lots', RELAY_SPOOL_DIR: spoolDir });
    expect(invalid.status).toBe(1);
    const message = JSON.parse(invalid.stderr.trim()).msg as string;
    expect(message).toContain('RELAY_TARGET_URL="ftp://x"');
    expect(message).toContain('RELAY_SPOOL_MAX_BYTES="lots"');
  });
});

/** The store again, on the database and port it had before. */
async function startListeningStoreOn(databaseUrl: string, port: number): Promise<ListeningStore> {
  return startListeningStore({}, port, databaseUrl);
}
