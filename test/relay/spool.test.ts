import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import pino from 'pino';
import { HEADER_BYTES } from '../../src/relay/spool/record';
import { Spool, SpoolFullError, SpooledEvent } from '../../src/relay/spool/spool';

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

async function waitFor(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
