import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import pino from 'pino';
import { HEADER_BYTES, RecordMeta } from '../../src/relay/spool/record';
import { PREALLOCATE_BYTES, Spool, SpoolFullError, SpooledEvent } from '../../src/relay/spool/spool';

// The spool on a real folder: what a later process reads back is what the first one wrote.
const log = pino({ level: 'silent' });
const runA = '0190d2a4-0000-7000-8000-00000000000a';
const runB = '0190d2a4-0000-7000-8000-00000000000b';
const event = (n: number, size = 100) => Buffer.from(JSON.stringify({ n, pad: 'x'.repeat(size) }));

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'relay-spool-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const open = (options: { maxBytes?: number; segmentBytes?: number; onSync?: (s: number) => void } = {}) =>
  Spool.open({ dir, maxBytes: options.maxBytes ?? 1024 * 1024, segmentBytes: options.segmentBytes ?? 1024 * 1024, onSync: options.onSync }, log);

const segments = () => fs.readdirSync(dir).filter((f) => f.startsWith('segment-')).sort();
const texts = async (spool: Spool, events: SpooledEvent[]) => (await spool.read(events)).map(String);

describe('relay spool', () => {
  it('reads back, in order, with their runs and times, the events a closed spool held', async () => {
    const first = await open();
    await first.spool.append([event(1), event(2)], [{ receivedAt: 1000, runId: runA }, { receivedAt: 2000, runId: null }]);
    await first.spool.append([event(3)], [{ receivedAt: 3000, runId: runB }]);
    await first.spool.close();

    const second = await open();
    expect(second.recovered.map((e) => [e.runId, e.receivedAt])).toEqual([[runA, 1000], [null, 2000], [runB, 3000]]);
    expect(await texts(second.spool, second.recovered)).toEqual([event(1), event(2), event(3)].map(String));
    await second.spool.close();
  });

  it('drops a torn record at the end of a segment (a crash mid-write) and keeps the whole ones before it', async () => {
    const first = await open();
    await first.spool.append([event(1), event(2)], [{ receivedAt: 1, runId: runA }, { receivedAt: 2, runId: runA }]);
    // What kill -9 during the next write can leave: part of a third record.
    const third = await first.spool.append([event(3)], [{ receivedAt: 3, runId: runA }]);
    await first.spool.close();
    const file = path.join(dir, segments()[0]);
    const wholeLength = fs.statSync(file).size;
    fs.truncateSync(file, third[0].offset + HEADER_BYTES + 10);

    const second = await open();
    expect(await texts(second.spool, second.recovered)).toEqual([String(event(1)), String(event(2))]);
    expect(fs.statSync(file).size).toBe(third[0].offset);
    expect(wholeLength).toBeGreaterThan(third[0].offset);
    await second.spool.close();
  });

  it('drops a record whose checksum does not match, and what follows it', async () => {
    const first = await open();
    const written = await first.spool.append([event(1), event(2), event(3)], [1, 2, 3].map((n) => ({ receivedAt: n, runId: null })));
    await first.spool.close();
    const file = path.join(dir, segments()[0]);
    const bytes = fs.readFileSync(file);
    bytes[written[1].offset + HEADER_BYTES + 5] ^= 0xff; // one flipped byte in the second event's text
    fs.writeFileSync(file, bytes);

    const second = await open();
    expect(await texts(second.spool, second.recovered)).toEqual([String(event(1))]);
    await second.spool.close();
  });

  it('drops a zero-filled tail (a file extended but not written)', async () => {
    const first = await open();
    await first.spool.append([event(1)], [{ receivedAt: 1, runId: null }]);
    await first.spool.close();
    fs.appendFileSync(path.join(dir, segments()[0]), Buffer.alloc(4096));
    const second = await open();
    expect(second.recovered).toHaveLength(1);
    await second.spool.close();
  });

  it('writes zeros ahead of its records, so that the next writes do not grow the file, and a clean close cuts them off', async () => {
    const { spool } = await open({ maxBytes: 64 * 1024 * 1024, segmentBytes: 4 * 1024 * 1024 });
    const file = () => path.join(dir, segments()[0]);
    const [first] = await spool.append([event(1)], [{ receivedAt: 1, runId: null }]);
    const sizeAfterFirst = fs.statSync(file()).size;
    expect(sizeAfterFirst).toBe(first.offset + HEADER_BYTES + first.length + PREALLOCATE_BYTES);
    let last = first;
    for (let i = 2; i <= 20; i++) [last] = await spool.append([event(i)], [{ receivedAt: i, runId: null }]);
    expect(fs.statSync(file()).size).toBe(sizeAfterFirst);
    expect(spool.diskBytes).toBe(sizeAfterFirst);
    await spool.close();
    expect(fs.statSync(file()).size).toBe(last.offset + HEADER_BYTES + last.length);

    const second = await open();
    expect(await texts(second.spool, second.recovered)).toEqual(Array.from({ length: 20 }, (_, i) => String(event(i + 1))));
    await second.spool.close();
  });

  it('reads back every record of a segment left with zeros after them (a crash), cuts the zeros and reports no torn record', async () => {
    const lines: string[] = [];
    const capture = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    const first = await Spool.open({ dir, maxBytes: 64 * 1024 * 1024, segmentBytes: 4 * 1024 * 1024 }, log);
    await first.spool.append([event(1), event(2)], [{ receivedAt: 1, runId: runA }, { receivedAt: 2, runId: runA }]);
    // What kill -9 leaves: the file as written, zeros ahead of the records included (no close).
    const crashed = fs.readFileSync(path.join(dir, segments()[0]));
    await first.spool.close();
    fs.writeFileSync(path.join(dir, segments()[0]), crashed);

    const second = await Spool.open({ dir, maxBytes: 64 * 1024 * 1024, segmentBytes: 4 * 1024 * 1024 }, capture);
    expect(await texts(second.spool, second.recovered)).toEqual([String(event(1)), String(event(2))]);
    expect(fs.statSync(path.join(dir, segments()[0])).size).toBe(crashed.length - PREALLOCATE_BYTES);
    expect(lines.filter((line) => line.includes('torn record'))).toEqual([]);
    await second.spool.close();
  });

  it('writes concurrent appends together, with one fsync per group', async () => {
    const syncs: number[] = [];
    const { spool } = await open({ onSync: (s) => syncs.push(s) });
    const appends = Array.from({ length: 50 }, (_, i) => spool.append([event(i)], [{ receivedAt: i, runId: null }]));
    const events = (await Promise.all(appends)).flat();
    expect(events.map((e) => e.seq)).toEqual([...events.map((e) => e.seq)].sort((a, b) => a - b));
    expect(syncs.length).toBeLessThan(50);
    await spool.close();
  });

  it('refuses an append that would pass its size, and takes again once released segments are deleted', async () => {
    const { spool } = await open({ maxBytes: 64 * 1024, segmentBytes: 4096 });
    const taken: SpooledEvent[] = [];
    let full: unknown = null;
    for (let i = 0; i < 1000 && !full; i++) {
      try {
        taken.push(...(await spool.append([event(i, 1000)], [{ receivedAt: i, runId: null }])));
      } catch (error) {
        full = error;
      }
    }
    expect(full).toBeInstanceOf(SpoolFullError);
    expect(spool.diskBytes).toBeLessThanOrEqual(64 * 1024);
    expect(segments().reduce((sum, f) => sum + fs.statSync(path.join(dir, f)).size, 0)).toBeLessThanOrEqual(64 * 1024);
    expect(spool.diskBytes).toBeGreaterThan(60 * 1024);
    const segmentCount = segments().length;
    taken.forEach((e) => spool.release(e));
    // Sealed segments go once every event in them is released; only the active one is left.
    await waitFor(() => segments().length === 1);
    expect(segmentCount).toBeGreaterThan(1);
    await spool.append([event(0, 1000)], [{ receivedAt: 0, runId: null }]);
    await spool.close();
  });

  it('leaves nothing on disk when closed with every event released, and keeps the unreleased ones', async () => {
    const first = await open({ segmentBytes: 4096 });
    const events = (await Promise.all(Array.from({ length: 20 }, (_, i) => first.spool.append([event(i, 500)], [{ receivedAt: i, runId: null }])))).flat();
    events.slice(0, 15).forEach((e) => first.spool.release(e));
    await first.spool.close();
    const second = await open({ segmentBytes: 4096 });
    const left = await texts(second.spool, second.recovered);
    // Released events in a segment that still holds unreleased ones come back too (the store dedupes them).
    expect(left.slice(-5)).toEqual(events.slice(15).map((_, i) => String(event(15 + i, 500))));
    second.recovered.forEach((e) => second.spool.release(e));
    await second.spool.close();
    await waitFor(() => segments().length === 0);
  });
});

describe('relay spool: where a write is done', () => {
  const oneEvent = (n: number): [Buffer[], RecordMeta[]] => [[event(n)], [{ receivedAt: n, runId: null }]];
  const checkPhases = async (count: number) => {
    for (let i = 0; i < count; i++) await new Promise((resolve) => setImmediate(resolve));
  };

  it('writes a lone append on the event loop, even while every thread of the pool is busy; appends that arrive together go through the pool', async () => {
    const { spool } = await Spool.open({ dir, maxBytes: 64 * 1024 * 1024, segmentBytes: 4 * 1024 * 1024, loopWriteLimitMs: Infinity }, log);
    let together = false;
    await whileThreadPoolBusy(dir, async (release) => {
      await spool.append(...oneEvent(1));
      const group = Promise.all([spool.append(...oneEvent(2)), spool.append(...oneEvent(3))]).then(() => (together = true));
      await checkPhases(3);
      expect(together).toBe(false);
      release();
      await group;
    });
    await spool.close();
    const again = await open();
    expect(await texts(again.spool, again.recovered)).toEqual([1, 2, 3].map((n) => String(event(n))));
    await again.spool.close();
  });

  it('writes through the pool once writes take longer than the limit', async () => {
    const { spool } = await Spool.open({ dir, maxBytes: 64 * 1024 * 1024, segmentBytes: 4 * 1024 * 1024, loopWriteLimitMs: 0 }, log);
    let written = false;
    await whileThreadPoolBusy(dir, async (release) => {
      const lone = spool.append(...oneEvent(1)).then(() => (written = true));
      await checkPhases(3);
      expect(written).toBe(false);
      release();
      await lone;
    });
    await spool.close();
  });
});

/**
 * Runs `body` with every thread of libuv's pool waiting (each opens a FIFO for reading, which
 * blocks until a writer opens it) until `body` calls release(); released in any case at the end.
 */
async function whileThreadPoolBusy(parent: string, body: (release: () => void) => Promise<void>): Promise<void> {
  const pool = occupyThreadPool(parent);
  // Jest needs the pool too (to report a timed-out test): a write stuck behind the held pool must
  // fail the test, not hang the run, so the pool is let go after a deadline of its own.
  let expired = false;
  const deadline = setTimeout(() => {
    expired = true;
    pool.release();
  }, POOL_HOLD_MS);
  try {
    await body(() => pool.release());
  } finally {
    clearTimeout(deadline);
    pool.release();
  }
  if (expired) throw new Error(`the thread pool was still held after ${POOL_HOLD_MS} ms: something waited for it`);
}

/** How long whileThreadPoolBusy holds the pool at most. */
const POOL_HOLD_MS = 10_000;


function occupyThreadPool(parent: string): { release(): void } {
  const fifos = Array.from({ length: Number(process.env.UV_THREADPOOL_SIZE ?? 4) }, (_, i) => path.join(parent, `pool-${i}.fifo`));
  for (const fifo of fifos) execFileSync('mkfifo', [fifo]);
  const readers = fifos.map((fifo) => fs.promises.open(fifo, 'r'));
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      // Opened read-write, a FIFO never blocks its opener (Linux) and has a writer from then on: a
      // reader whose thread has not reached its open() yet (a busy pool) finds it too, where a
      // non-blocking write-only open would fail with ENXIO for want of a reader.
      const writers = fifos.map((fifo) => fs.openSync(fifo, fs.constants.O_RDWR));
      void Promise.all(readers).then(async (handles) => {
        await Promise.all(handles.map((h) => h.close()));
        for (const fd of writers) fs.closeSync(fd);
      });
    },
  };
}

async function waitFor(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
