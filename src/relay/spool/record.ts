import { crc32 } from 'node:zlib';

/**
 * One spooled event on disk:
 *
 *   u32 LE  length of the event text
 *   u32 LE  CRC-32 of everything after this field (the rest of the header and the text)
 *   f64 LE  when the relay received it (ms since the epoch)
 *   16 B    its run id (a UUID), zeros for an event of no run
 *   ...     the event's JSON text, exactly as received
 *
 * A write torn by a crash leaves a short header, a short text or a checksum that does not match:
 * readRecords stops there, and what follows is dropped (it was never acknowledged).
 */
export const HEADER_BYTES = 32;
const CHECKED_FROM = 8;
const NO_RUN = Buffer.alloc(16);

export interface RecordMeta {
  /** When the relay received the event (ms since the epoch). */
  receivedAt: number;
  /** The run it belongs to (lower-case UUID), or null. */
  runId: string | null;
}

export interface ReadRecord extends RecordMeta {
  /** Where the record starts in its segment. */
  offset: number;
  /** Length of the event text. */
  length: number;
}

/** Writes a run id (a UUID, hex digits and dashes) as its 16 bytes at `at`; zeros for null. */
function writeRunId(target: Buffer, at: number, runId: string | null): void {
  if (runId === null) {
    target.fill(0, at, at + 16);
    return;
  }
  // Hex digit pairs, the dashes skipped: no intermediate string per event.
  let byte = 0;
  for (let i = 0; i < runId.length && byte < 16; i++) {
    if (runId.charCodeAt(i) === DASH) continue;
    target[at + byte++] = (hexValue(runId.charCodeAt(i)) << 4) | hexValue(runId.charCodeAt(++i));
  }
}

const DASH = 0x2d;
const hexValue = (c: number) => (c <= 0x39 ? c - 0x30 : (c | 0x20) - 0x57);

function runIdText(bytes: Buffer): string | null {
  if (bytes.equals(NO_RUN)) return null;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Writes the record of `text` (its header, then the text) into `target` at `at`; returns its length. */
export function writeRecord(target: Buffer, at: number, text: Buffer, meta: RecordMeta): number {
  target.writeUInt32LE(text.length, at);
  target.writeDoubleLE(meta.receivedAt, at + 8);
  writeRunId(target, at + 16, meta.runId);
  target.writeUInt32LE(crc32(text, crc32(target.subarray(at + CHECKED_FROM, at + HEADER_BYTES))), at + 4);
  text.copy(target, at + HEADER_BYTES);
  return HEADER_BYTES + text.length;
}

export const recordBytes = (text: Buffer) => HEADER_BYTES + text.length;

/**
 * The whole records at the start of `data` (a segment's content), and where the first torn or
 * corrupt one starts (data.length when there is none).
 */
export function readRecords(data: Buffer): { records: ReadRecord[]; validBytes: number } {
  const records: ReadRecord[] = [];
  let offset = 0;
  while (offset + HEADER_BYTES <= data.length) {
    const length = data.readUInt32LE(offset);
    const end = offset + HEADER_BYTES + length;
    if (length === 0 || end > data.length) break;
    const expected = data.readUInt32LE(offset + 4);
    const actual = crc32(data.subarray(offset + HEADER_BYTES, end), crc32(data.subarray(offset + CHECKED_FROM, offset + HEADER_BYTES)));
    if (actual !== expected) break;
    records.push({
      offset,
      length,
      receivedAt: data.readDoubleLE(offset + 8),
      runId: runIdText(data.subarray(offset + 16, offset + 32)),
    });
    offset = end;
  }
  return { records, validBytes: offset };
}
