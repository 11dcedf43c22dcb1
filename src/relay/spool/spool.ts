import { constants as fsConstants, writeSync } from 'node:fs';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import type { Logger } from 'pino';
import { HEADER_BYTES, readRecords, RecordMeta, recordBytes, writeRecord } from './record';

/** A segment file: records appended in order, deleted once none of them is still needed. */
class Segment {
  /** Open for appending (the active segment) or reading; null until a read needs it. */
  handle: fs.FileHandle | null = null;
  sealed = false;
  deleted = false;

  /** The file's size: its records, then the zeros written ahead of them (preallocated). */
  fileBytes: number;

  constructor(
    readonly id: number,
    readonly file: string,
    /** Bytes of records. */
    public bytes: number,
    /** Records not released yet. */
    public pending: number,
  ) {
    this.fileBytes = bytes;
  }
}

/** An event held in the spool until released. `seq` orders events as they were spooled. */
export interface SpooledEvent extends RecordMeta {
  readonly seq: number;
  readonly segment: Segment;
  readonly offset: number;
  readonly length: number;
}

export interface SpoolOptions {
  dir: string;
  /** Bytes the segment files may hold together. */
  maxBytes: number;
  /** A segment is closed and a new one started past this size. */
  segmentBytes: number;
  /** Called with the seconds each fsync took. */
  onSync?: (seconds: number) => void;
  /** A lone request is written on the event loop while writes take less than this (ms); LOOP_WRITE_LIMIT_MS unless set. */
  loopWriteLimitMs?: number;
}

export class SpoolFullError extends Error {}
export class SpoolWriteError extends Error {}

interface PendingWrite {
  texts: Buffer[];
  metas: RecordMeta[];
  bytes: number;
  resolve: (events: SpooledEvent[]) => void;
  reject: (error: Error) => void;
}

const SEGMENT_FILE = /^segment-(\d{12})\.log$/;
/**
 * How far the active segment's file is extended with zeros when a write reaches its end. A
 * durable write into blocks the file already has, within its size, needs no metadata written with
 * it: on ext4 without a journal an O_DSYNC append also writes the inode and the block bitmaps
 * before the cache flush, an overwrite of zeros only the data. The zeros go in the same write as the records
 * that reach the end, so no second write competes with them for the disk.
 */
export const PREALLOCATE_BYTES = 256 * 1024;
/**
 * A lone request's write is done on the event loop itself while durable writes take less than
 * this: the loop would be idle meanwhile, and the trip to libuv's thread pool costs two thread
 * wake-ups. Requests that arrive together, or writes slower than this (a busy disk or machine), go
 * through the thread pool, so that the loop keeps reading requests while the disk works.
 */
export const LOOP_WRITE_LIMIT_MS = 1;
/** A new segment, read and written, every write durable when it returns (O_DSYNC). */
const SEGMENT_FLAGS = fsConstants.O_CREAT | fsConstants.O_EXCL | fsConstants.O_RDWR | fsConstants.O_DSYNC;
const segmentName = (id: number) => `segment-${String(id).padStart(12, '0')}.log`;

/** Whether `data` holds only zero bytes from `from` on. */
function isZeros(data: Buffer, from: number): boolean {
  for (let i = from; i < data.length; i++) if (data[i] !== 0) return false;
  return true;
}

async function syncDirectory(dir: string): Promise<void> {
  const handle = await fs.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * The relay's durable spool: a folder of segment files of checksummed records (record.ts).
 * `append` resolves once the records are on disk (O_DSYNC); appends that arrive while one is
 * being written wait and go to disk together in the next write, with one fsync (group commit).
 * A segment file is deleted once every one of its events has been released (acknowledged or
 * refused by the store); the spool's size is what its files hold on disk.
 * One relay process per folder.
 */
export class Spool {
  private readonly segmentBytes: number;
  private active!: Segment;
  private nextSegmentId: number;
  private nextSeq = 0;
  private bytesOnDisk = 0;
  /** Bytes of appends accepted but not written yet: they count against maxBytes. */
  private reserved = 0;
  private queue: PendingWrite[] = [];
  /** Every segment not deleted yet, to close their files on close(). */
  private readonly segments = new Set<Segment>();
  private writerRunning = false;
  private writerDone: Promise<void> = Promise.resolve();
  /** How long the last durable write took (ms): decides where the next one is done. */
  private lastWriteMs = 0;
  private closed = false;

  private constructor(
    private readonly options: SpoolOptions,
    private readonly log: Logger,
    lastSegmentId: number,
  ) {
    // An active segment is deleted only once sealed: cap it so that released events cannot fill the spool.
    this.segmentBytes = Math.max(HEADER_BYTES, Math.min(options.segmentBytes, Math.floor(options.maxBytes / 8)));
    this.nextSegmentId = lastSegmentId + 1;
  }

  /**
   * Opens the spool in `options.dir` (created if missing) and reads back what a previous process
   * left: every whole record, in order. A torn record at the end of a segment (a crash during a
   * write that was never acknowledged) is cut off.
   */
  static async open(options: SpoolOptions, log: Logger): Promise<{ spool: Spool; recovered: SpooledEvent[] }> {
    await fs.mkdir(options.dir, { recursive: true });
    const ids = (await fs.readdir(options.dir))
      .map((name) => SEGMENT_FILE.exec(name))
      .filter((match): match is RegExpExecArray => match !== null)
      .map((match) => Number(match[1]))
      .sort((a, b) => a - b);
    const spool = new Spool(options, log, ids.at(-1) ?? 0);
    const recovered: SpooledEvent[] = [];
    for (const id of ids) recovered.push(...(await spool.recover(id)));
    await spool.startSegment();
    return { spool, recovered };
  }

  get diskBytes(): number {
    return this.bytesOnDisk;
  }

  get maxBytes(): number {
    return this.options.maxBytes;
  }

  /**
   * Appends the events (JSON texts as received) and resolves once they are on disk, in order.
   * Throws SpoolFullError at once when they would take the spool past its size, and rejects with
   * SpoolWriteError when the disk refused the write (nothing of it then counts as spooled).
   */
  append(texts: Buffer[], metas: RecordMeta[]): Promise<SpooledEvent[]> {
    if (this.closed) return Promise.reject(new SpoolWriteError('the spool is closed'));
    const bytes = texts.reduce((sum, text) => sum + recordBytes(text), 0);
    // Records go first into the zeros ahead of the active segment's records, counted on disk already.
    const used = this.bytesOnDisk + Math.max(0, this.reserved + bytes - (this.active.fileBytes - this.active.bytes));
    if (used > this.options.maxBytes) {
      return Promise.reject(new SpoolFullError(`the spool is full (${used - bytes} of ${this.options.maxBytes} bytes)`));
    }
    this.reserved += bytes;
    return new Promise((resolve, reject) => {
      this.queue.push({ texts, metas, bytes, resolve, reject });
      if (!this.writerRunning) {
        this.writerRunning = true;
        // After the poll phase: every request that arrived with this one is queued by then and shares the write.
        this.writerDone = new Promise<void>((next) => setImmediate(next)).then(() => this.writeQueued());
      }
    });
  }

  /**
   * The events' JSON texts, read back from their segments: one read per segment, of the span from
   * the first to the last of its events (a batch's events mostly lie next to each other).
   */
  async read(events: SpooledEvent[]): Promise<Buffer[]> {
    const bySegment = new Map<Segment, SpooledEvent[]>();
    for (const event of events) {
      const list = bySegment.get(event.segment);
      if (list) list.push(event);
      else bySegment.set(event.segment, [event]);
    }
    const texts = new Map<SpooledEvent, Buffer>();
    for (const [segment, list] of bySegment) {
      segment.handle ??= await fs.open(segment.file, 'r');
      const from = Math.min(...list.map((e) => e.offset));
      const to = Math.max(...list.map((e) => e.offset + HEADER_BYTES + e.length));
      const span = Buffer.allocUnsafe(to - from);
      const { bytesRead } = await segment.handle.read(span, 0, span.length, from);
      if (bytesRead !== span.length) throw new Error(`${segment.file}: records from ${from} to ${to} are cut short`);
      for (const event of list) texts.set(event, span.subarray(event.offset - from + HEADER_BYTES, event.offset - from + HEADER_BYTES + event.length));
    }
    return events.map((event) => texts.get(event)!);
  }

  /** The event is no longer needed (the store took or refused it); its segment goes once all are. */
  release(event: SpooledEvent): void {
    const segment = event.segment;
    segment.pending--;
    if (segment.sealed && segment.pending === 0) void this.deleteSegment(segment);
  }

  /** Waits for writes under way, closes the files and deletes segments holding nothing needed. */
  async close(): Promise<void> {
    this.closed = true;
    await this.writerDone;
    await this.cutZeros(this.active);
    this.active.sealed = true;
    if (this.active.pending === 0) await this.deleteSegment(this.active);
    for (const segment of this.segments) {
      await segment.handle?.close();
      segment.handle = null;
    }
  }

  private async recover(id: number): Promise<SpooledEvent[]> {
    const file = path.join(this.options.dir, segmentName(id));
    const data = await fs.readFile(file);
    const { records, validBytes } = readRecords(data);
    if (validBytes < data.length && !isZeros(data, validBytes)) {
      this.log.warn({ file, validBytes, droppedBytes: data.length - validBytes }, 'spool: torn record at the end of a segment (a write cut by a crash, never acknowledged); dropped');
    }
    if (validBytes < data.length) {
      // A torn record, or the zeros written ahead of the records (preallocated): cut off.
      const handle = await fs.open(file, 'r+');
      try {
        await handle.truncate(validBytes);
        await handle.datasync();
      } finally {
        await handle.close();
      }
    }
    const segment = new Segment(id, file, validBytes, records.length);
    segment.sealed = true;
    this.segments.add(segment);
    this.bytesOnDisk += validBytes;
    if (records.length === 0) {
      await this.deleteSegment(segment);
      return [];
    }
    return records.map((r) => ({ seq: this.nextSeq++, segment, offset: r.offset, length: r.length, receivedAt: r.receivedAt, runId: r.runId }));
  }

  private async startSegment(): Promise<void> {
    const id = this.nextSegmentId++;
    const segment = new Segment(id, path.join(this.options.dir, segmentName(id)), 0, 0);
    segment.handle = await fs.open(segment.file, SEGMENT_FLAGS);
    this.segments.add(segment);
    await syncDirectory(this.options.dir);
    this.active = segment;
  }

  private async sealActive(): Promise<void> {
    const segment = this.active;
    await this.cutZeros(segment);
    segment.sealed = true;
    await this.startSegment();
    if (segment.pending === 0) await this.deleteSegment(segment);
  }

  private async deleteSegment(segment: Segment): Promise<void> {
    if (segment.deleted) return;
    segment.deleted = true;
    this.segments.delete(segment);
    this.bytesOnDisk -= segment.fileBytes;
    try {
      await segment.handle?.close();
      await fs.rm(segment.file, { force: true });
    } catch (error) {
      this.log.error({ err: error, file: segment.file }, 'spool: could not delete a segment whose events were all forwarded');
    }
  }

  /** Writes what is queued, all of it in one durable write, until nothing is queued. */
  private async writeQueued(): Promise<void> {
    while (this.queue.length > 0) {
      const group = this.queue;
      this.queue = [];
      const groupBytes = group.reduce((sum, w) => sum + w.bytes, 0);
      try {
        if (this.active.bytes >= this.segmentBytes) await this.sealActive();
        const events = await this.writeGroup(group, groupBytes);
        group.forEach((write, i) => write.resolve(events[i]));
      } catch (error) {
        this.log.error({ err: error, file: this.active.file }, 'spool: write failed; the events are refused (503) and a new segment is started');
        const refused = new SpoolWriteError(`the spool could not write to disk: ${(error as Error).message}`);
        group.forEach((write) => write.reject(refused));
        await this.abandonActive();
      } finally {
        this.reserved -= groupBytes;
      }
    }
    // In the same tick as the check that found the queue empty: the next append starts a new writer.
    this.writerRunning = false;
  }

  private async writeGroup(group: PendingWrite[], groupBytes: number): Promise<SpooledEvent[][]> {
    const segment = this.active;
    const end = segment.bytes + groupBytes;
    const zeros = end > segment.fileBytes ? this.zerosAfter(end, groupBytes) : 0;
    const data = Buffer.allocUnsafe(groupBytes + zeros);
    if (zeros > 0) data.fill(0, groupBytes);
    const placed: Array<Array<{ offset: number; length: number; meta: RecordMeta }>> = [];
    let at = 0;
    for (const write of group) {
      placed.push(
        write.texts.map((text, i) => {
          const offset = at;
          at += writeRecord(data, at, text, write.metas[i]);
          return { offset: segment.bytes + offset, length: text.length, meta: write.metas[i] };
        }),
      );
    }
    // The segment is open with O_DSYNC: each write returns once its data is on disk, as a write
    // followed by fdatasync would, in one system call.
    const onLoop = group.length === 1 && this.lastWriteMs < (this.options.loopWriteLimitMs ?? LOOP_WRITE_LIMIT_MS);
    const started = performance.now();
    let written = 0;
    while (written < data.length) {
      const at = segment.bytes + written;
      written += onLoop ? writeSync(segment.handle!.fd, data, written, data.length - written, at) : (await segment.handle!.write(data, written, data.length - written, at)).bytesWritten;
    }
    this.lastWriteMs = performance.now() - started;
    this.options.onSync?.(this.lastWriteMs / 1000);
    segment.bytes = end;
    if (end + zeros > segment.fileBytes) {
      this.bytesOnDisk += end + zeros - segment.fileBytes;
      segment.fileBytes = end + zeros;
    }
    return placed.map((records) =>
      records.map(({ offset, length, meta }) => {
        segment.pending++;
        return { seq: this.nextSeq++, segment, offset, length, receivedAt: meta.receivedAt, runId: meta.runId };
      }),
    );
  }

  /**
   * Zeros to write after records ending at `end`: PREALLOCATE_BYTES, within the segment's size and
   * the room the spool has left once this group and the appends queued behind it are counted.
   */
  private zerosAfter(end: number, groupBytes: number): number {
    const segment = this.active;
    const growth = end - segment.fileBytes;
    const room = this.options.maxBytes - this.bytesOnDisk - growth - (this.reserved - groupBytes);
    return Math.max(0, Math.min(PREALLOCATE_BYTES, this.segmentBytes - end, room));
  }

  /** Cuts the file after the segment's last acknowledged record (zeros written ahead, a torn write) and counts it so. */
  private async truncateToRecords(segment: Segment): Promise<void> {
    await segment.handle!.truncate(segment.bytes);
    this.bytesOnDisk -= segment.fileBytes - segment.bytes;
    segment.fileBytes = segment.bytes;
  }

  /** Cuts the zeros after a segment's last record (the file then holds its records only). */
  private async cutZeros(segment: Segment): Promise<void> {
    if (segment.fileBytes === segment.bytes || !segment.handle) return;
    try {
      await this.truncateToRecords(segment);
    } catch (error) {
      // They stay, counted; recovery after a restart cuts them.
      this.log.warn({ err: error, file: segment.file }, 'spool: could not cut the zeros after the last record');
    }
  }

  /**
   * After a failed write the active segment may end in part of a record: cut it back to what was
   * acknowledged and write on in a new segment.
   */
  private async abandonActive(): Promise<void> {
    const segment = this.active;
    try {
      await this.truncateToRecords(segment);
    } catch (error) {
      // The torn end stays; recovery after a restart drops it (its checksum cannot match).
      this.log.error({ err: error, file: segment.file }, 'spool: could not cut a failed write back');
    }
    try {
      await this.sealActive();
    } catch (error) {
      this.log.error({ err: error }, 'spool: could not start a new segment; writes keep failing until the disk recovers');
      segment.sealed = false;
    }
  }
}
