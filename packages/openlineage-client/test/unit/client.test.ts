import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ClientClosedError,
  EventBuilder,
  HttpTransport,
  InvalidEventError,
  newRunId,
  OpenLineageClient,
  QueueFullError,
  StartNotDeliveredError,
  type OpenLineageClientOptions,
  type OpenLineageEvent,
  type RunEventType,
} from '../../src';
import { LineageServer, waitFor } from '../support/lineage-server';

const builder = new EventBuilder({ producer: 'https://github.com/acme/etl/tree/1.4.0' });
const runEvent = (eventType: RunEventType, runId = newRunId()) => builder.runEvent({ eventType, run: { runId }, job: { namespace: 'etl', name: 'daily' } });
const summary = (e: any): string => `${e.eventType}:${e.run.runId}`;

let server: LineageServer;
const clients: OpenLineageClient[] = [];
const errors: Array<{ error: Error; event: OpenLineageEvent }> = [];

function client(options: Partial<OpenLineageClientOptions> = {}): OpenLineageClient {
  const made = new OpenLineageClient({
    transport: new HttpTransport({ url: server.url, retry: { total: 0 } }),
    onError: (error, event) => errors.push({ error, event }),
    ...options,
  });
  clients.push(made);
  return made;
}

beforeEach(async () => {
  server = await LineageServer.start();
  errors.length = 0;
});
afterEach(async () => {
  server.release();
  await Promise.all(clients.splice(0).map((c) => c.close(1000)));
  await server.stop();
});

describe('OpenLineageClient', () => {
  it('emit() queues and returns before delivery; flush() waits for it; the counters follow', async () => {
    server.reply('hold');
    const c = client();
    const event = runEvent('START');
    await c.emit(event);
    await waitFor('the request to reach the server', () => server.heldCount === 1);
    expect(c.stats()).toEqual({ queued: 0, inFlight: 1, sent: 0, failed: 0, dropped: 0 });
    server.release(201);
    expect(await c.flush(10_000)).toBe(true);
    expect(c.stats()).toEqual({ queued: 0, inFlight: 0, sent: 1, failed: 0, dropped: 0 });
    expect(server.events).toEqual([event]);
  });

  it('flush() waits for the events emitted before it, not for those emitted after', async () => {
    server.reply(201, 'hold');
    const c = client({ maxConcurrentRequests: 2 });
    await c.emit(runEvent('START'));
    const flushed = c.flush(10_000);
    await c.emit(runEvent('START'));
    expect(await flushed).toBe(true);
    await waitFor('the later event to reach the server', () => server.heldCount === 1);
    expect(c.stats()).toMatchObject({ sent: 1, inFlight: 1 });
    server.release(201);
    expect(await c.flush(10_000)).toBe(true);
    expect(c.stats()).toMatchObject({ sent: 2, inFlight: 0 });
  });

  it("never sends a COMPLETE before its run's START was delivered, while other runs go ahead", async () => {
    server.reply('hold'); // the first request (run A's START) hangs until released
    const c = client({ maxConcurrentRequests: 4 });
    const [runA, runB] = [newRunId(), newRunId()];
    await c.emit(runEvent('START', runA));
    await c.emit(runEvent('COMPLETE', runA));
    await c.emit(runEvent('START', runB));
    await waitFor("run B's START to be delivered", () => c.stats().sent === 1);
    expect(server.events.map(summary)).toEqual([`START:${runA}`, `START:${runB}`]);
    server.release(201);
    expect(await c.flush(10_000)).toBe(true);
    expect(server.events.map(summary)).toEqual([`START:${runA}`, `START:${runB}`, `COMPLETE:${runA}`]);
    expect(c.stats().sent).toBe(3);
  });

  it("delivers each run's events in emit order, many runs in parallel", async () => {
    const c = client({ maxConcurrentRequests: 8 });
    const runs = Array.from({ length: 20 }, () => newRunId());
    for (const type of ['START', 'RUNNING', 'COMPLETE'] as const) for (const runId of runs) await c.emit(runEvent(type, runId));
    expect(await c.flush(30_000)).toBe(true);
    expect(c.stats()).toMatchObject({ sent: 60, failed: 0, dropped: 0 });
    for (const runId of runs) {
      expect(server.events.filter((e) => e.run.runId === runId).map((e) => e.eventType)).toEqual(['START', 'RUNNING', 'COMPLETE']);
    }
  });

  it('does not send the terminal event of a run whose START failed, and says why', async () => {
    server.reply(400);
    const c = client();
    const runId = newRunId();
    await c.emit(runEvent('START', runId));
    await c.emit(runEvent('FAIL', runId));
    expect(await c.flush(10_000)).toBe(true);
    expect(server.events.map(summary)).toEqual([`START:${runId}`]);
    expect(c.stats()).toMatchObject({ sent: 0, failed: 2 });
    expect(errors.map((e) => e.error.name)).toEqual(['TransportError', 'StartNotDeliveredError']);
    expect(errors[1].error).toEqual(new StartNotDeliveredError(runId));
  });

  it('sends a terminal event whose START it never saw (the START came from elsewhere)', async () => {
    const c = client();
    const event = runEvent('COMPLETE');
    await c.emit(event);
    expect(await c.flush(10_000)).toBe(true);
    expect(server.events).toEqual([event]);
  });

  it('counts and reports events the transport gave up on', async () => {
    server.fallback = 500;
    const c = client();
    await c.emit(runEvent('START'));
    await c.emit(runEvent('OTHER'));
    expect(await c.flush(10_000)).toBe(true);
    expect(c.stats()).toMatchObject({ sent: 0, failed: 2 });
    expect(errors.map((e) => e.error.message)).toEqual([expect.stringContaining('answered 500'), expect.stringContaining('answered 500')]);
  });

  it("rejects emit() when the queue is full (onQueueFull: 'reject', the default), without waiting", async () => {
    server.fallback = 'hold';
    const c = client({ maxQueueSize: 2, maxConcurrentRequests: 1 });
    await c.emit(runEvent('START'));
    await waitFor('the first event in flight', () => server.heldCount === 1);
    await c.emit(runEvent('START'));
    await c.emit(runEvent('START'));
    await expect(c.emit(runEvent('START'))).rejects.toThrow(new QueueFullError(2));
    expect(c.stats()).toEqual({ queued: 2, inFlight: 1, sent: 0, failed: 0, dropped: 0 });
    server.fallback = 201;
    server.release(201);
    expect(await c.flush(10_000)).toBe(true);
    expect(c.stats()).toMatchObject({ sent: 3, dropped: 0 });
  });

  it("drops and counts the event when the queue is full with onQueueFull: 'drop'", async () => {
    server.fallback = 'hold';
    const c = client({ maxQueueSize: 1, maxConcurrentRequests: 1, onQueueFull: 'drop' });
    const [first, second, third] = [runEvent('START'), runEvent('START'), runEvent('START')];
    await c.emit(first);
    await waitFor('the first event in flight', () => server.heldCount === 1);
    await c.emit(second);
    await c.emit(third);
    expect(c.stats()).toMatchObject({ queued: 1, inFlight: 1, dropped: 1 });
    server.fallback = 201;
    server.release(201);
    expect(await c.flush(10_000)).toBe(true);
    expect(server.events).toEqual([first, second]);
    expect(c.stats()).toMatchObject({ sent: 2, dropped: 1 });
  });

  it('close() delivers what is queued, closes the transport and refuses later emits', async () => {
    const c = client();
    await c.emit(runEvent('START'));
    await c.emit(runEvent('COMPLETE'));
    expect(await c.close(10_000)).toBe(true);
    expect(server.events).toHaveLength(2);
    await expect(c.emit(runEvent('START'))).rejects.toThrow(ClientClosedError);
  });

  it('close(timeoutMs) gives up on a backend that does not answer: false, the rest dropped, nothing left running', async () => {
    server.fallback = 'hold';
    const c = client({ maxConcurrentRequests: 1, transport: new HttpTransport({ url: server.url, timeout: 60 }) });
    for (let i = 0; i < 5; i++) await c.emit(runEvent('START'));
    await waitFor('the first event in flight', () => server.heldCount === 1);
    expect(await c.close(200)).toBe(false);
    expect(c.stats()).toEqual({ queued: 0, inFlight: 0, sent: 0, failed: 1, dropped: 4 });
  });

  it('validates events in emit() when asked to', async () => {
    const c = client({ validate: true });
    const bad = { ...runEvent('START'), eventTime: 'yesterday' };
    const error = await c.emit(bad).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidEventError);
    expect((error as InvalidEventError).problems).toEqual([{ path: '/eventTime', message: 'must match format "date-time"' }]);
    await c.emit(runEvent('START'));
    expect(await c.flush(10_000)).toBe(true);
    expect(c.stats().sent).toBe(1);
  });

  it('takes a transport configuration instead of a transport', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ol-client-'));
    try {
      const file = join(dir, 'events.jsonl');
      const c = client({ transport: { type: 'file', log_file_path: file } });
      const event = runEvent('START');
      await c.emit(event);
      expect(await c.close()).toBe(true);
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(event);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses options it cannot use', () => {
    expect(() => client({ maxQueueSize: 0 })).toThrow('maxQueueSize must be a whole number >= 1, got 0');
    expect(() => client({ maxConcurrentRequests: 1.5 })).toThrow('maxConcurrentRequests must be a whole number >= 1, got 1.5');
  });
});
