import { MAX_NESTING_DEPTH } from '../openlineage/event-envelope';

/** What a request body may hold, checked on its bytes as they arrive, before anything is parsed. */
export interface ShapeLimits {
  /** Elements of any one array (INGEST_MAX_ARRAY_ELEMENTS). */
  maxArrayElements: number;
  /**
   * A batch: the body must be an array, whose elements (at most this many, INGEST_BATCH_MAX_EVENTS)
   * the scanner delimits so that each can be parsed on its own.
   */
  maxTopLevelElements?: number;
}

export type ShapeViolation =
  | { kind: 'batch'; limit: number }
  | { kind: 'not-array' }
  | { kind: 'array'; field: string; limit: number }
  | { kind: 'depth'; field: string; limit: number }
  | { kind: 'syntax'; message: string };

interface Frame {
  array: boolean;
  /** Commas seen directly in this container: the index of the current element of an array. */
  commas: number;
  /** The key of the current member of an object: bytes keyFrom to keyTo of keyChunk (null when too long). */
  keyChunk: Buffer | null;
  keyFrom: number;
  keyTo: number;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;
/** Keys longer than this are not kept for field paths (values are skipped without copying). */
const MAX_KEY_BYTES = 256;

const isWhitespace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

const keyText = (frame: Frame) => (frame.keyChunk ? frame.keyChunk.toString('utf8', frame.keyFrom, frame.keyTo) : '…');

function fieldPath(stack: Frame[], upTo: number): string {
  let path = '$';
  for (let i = 0; i < upTo; i++) {
    const frame = stack[i];
    if (frame.array) path += `[${frame.commas}]`;
    else path = path === '$' ? keyText(frame) : `${path}.${keyText(frame)}`;
  }
  return path;
}

/**
 * One pass over a JSON body's bytes, chunk by chunk as they arrive, before JSON.parse builds
 * anything: the first array longer than its limit, or the first container nested deeper than
 * MAX_NESTING_DEPTH, with its path. The work per chunk is bounded by the chunk, so a body is
 * refused as soon as its text crosses a limit, without reading the rest of it.
 *
 * For a batch it also delimits the top-level array's elements (byte offsets into the body), so
 * each event is parsed on its own and the whole body is never parsed in one go; the punctuation
 * between elements is checked here, each element's own syntax by JSON.parse. Otherwise
 * malformed JSON is mostly left to JSON.parse to report.
 */
export class JsonShapeScanner {
  private readonly stack: Frame[] = [];
  /** Bytes before the current chunk. */
  private offset = 0;
  private inString = false;
  /** The previous chunk ended inside a string on a backslash: the next byte is escaped. */
  private escapePending = false;
  /**
   * The current string may be a key (it is in an object and not longer than MAX_KEY_BYTES so far).
   * Where it is: a key within one chunk is not copied, nor is any key decoded unless a path is
   * reported; the parts of one that spans chunks are copied (rare).
   */
  private keyCandidate = false;
  private stringBytes = 0;
  private spanningParts: Buffer[] | null = null;
  private lastChunk: Buffer | null = null;
  private lastFrom = 0;
  private lastTo = 0;
  /** Next quote and backslash in the current chunk at or after where the scan is (-1: none; -2: not looked for). */
  private nextQuote = -2;
  private nextBackslash = -2;
  private started = false;
  /** The top-level value (of a batch) has been closed: only whitespace may follow. */
  private closed = false;
  private readonly batch: boolean;
  /** Start and end (exclusive) byte offsets of each top-level element, for a batch. */
  private readonly bounds: number[] = [];
  private elementStart = -1;
  private elementEnd = -1;
  private violation: ShapeViolation | null = null;

  constructor(private readonly limits: ShapeLimits) {
    this.batch = limits.maxTopLevelElements !== undefined;
  }

  /** Whether the body so far is whitespace only. */
  isEmpty(): boolean {
    return !this.started;
  }

  /** The body's top-level elements as [start, end) byte offsets (a batch scanned to its end). */
  elementBounds(): Array<[number, number]> {
    const pairs: Array<[number, number]> = [];
    for (let i = 0; i < this.bounds.length; i += 2) pairs.push([this.bounds[i], this.bounds[i + 1]]);
    return pairs;
  }

  /** Scans the next chunk; returns the first violation (and the same one for any later chunk). */
  write(chunk: Buffer): ShapeViolation | null {
    if (this.violation) return this.violation;
    this.nextQuote = -2;
    this.nextBackslash = -2;
    this.violation = this.scan(chunk);
    this.offset += chunk.length;
    return this.violation;
  }

  /** After the last chunk: a batch must have ended its array. */
  end(): ShapeViolation | null {
    if (this.violation) return this.violation;
    if (this.batch && !this.closed) this.violation = { kind: 'syntax', message: 'the JSON text ends before its array is closed' };
    return this.violation;
  }

  private scan(chunk: Buffer): ShapeViolation | null {
    const stack = this.stack;
    let i = 0;
    if (this.inString) {
      i = this.skipString(chunk, 0);
      if (this.inString) return null;
      if (this.batch && stack.length === 1) this.elementEnd = this.offset + i + 1;
      i++;
    }
    for (; i < chunk.length; i++) {
      const c = chunk[i];
      if (isWhitespace(c)) continue;
      if (!this.started) {
        this.started = true;
        if (this.batch && c !== OPEN_ARRAY) return { kind: 'not-array' };
      } else if (this.closed) {
        return this.syntax(`unexpected text after the array, at byte ${this.offset + i}`);
      }
      const topLevel = this.batch && stack.length === 1;
      if (topLevel && c !== COMMA && c !== CLOSE_ARRAY && this.elementStart < 0) this.elementStart = this.offset + i;
      if (c === QUOTE) {
        const top = stack[stack.length - 1];
        this.keyCandidate = top !== undefined && !top.array;
        this.stringBytes = 0;
        this.spanningParts = null;
        i = this.skipString(chunk, i + 1);
        if (this.inString) return null;
      } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
        if (stack.length >= MAX_NESTING_DEPTH) return { kind: 'depth', field: fieldPath(stack, stack.length), limit: MAX_NESTING_DEPTH };
        stack.push({ array: c === OPEN_ARRAY, commas: 0, keyChunk: null, keyFrom: 0, keyTo: 0 });
      } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
        const top = stack.pop();
        if (!top || top.array !== (c === CLOSE_ARRAY)) return this.syntax(`unexpected "${String.fromCharCode(c)}" at byte ${this.offset + i}`);
        if (topLevel) {
          // The batch's own array closes: its last element ends here, unless the array is empty.
          if (this.elementStart >= 0) this.endElement();
          else if (top.commas > 0) return this.syntax(`a comma is followed by no event, at byte ${this.offset + i}`);
          this.closed = true;
          continue;
        }
      } else if (c === COLON) {
        const top = stack[stack.length - 1];
        if (top && !top.array) {
          top.keyChunk = this.lastChunk;
          top.keyFrom = this.lastFrom;
          top.keyTo = this.lastTo;
        }
      } else if (c === COMMA) {
        const top = stack[stack.length - 1];
        if (!top) return this.syntax(`unexpected "," at byte ${this.offset + i}`);
        if (topLevel) {
          if (this.elementStart < 0) return this.syntax(`a comma is followed by no event, at byte ${this.offset + i}`);
          this.endElement();
        }
        top.commas++;
        if (!top.array) continue;
        const limit = topLevel ? this.limits.maxTopLevelElements! : this.limits.maxArrayElements;
        if (top.commas + 1 > limit) {
          return topLevel ? { kind: 'batch', limit } : { kind: 'array', field: fieldPath(stack, stack.length - 1), limit };
        }
        continue;
      }
      // Whatever was read at the batch's top level (a scalar, a string, a closed container) is part of its current element.
      if (this.batch && stack.length === 1) this.elementEnd = this.offset + i + 1;
    }
    return null;
  }

  /**
   * Skips string content from `from` to its closing quote, whose index it returns; at the end of
   * the chunk without one, returns chunk.length with `inString` set.
   */
  private skipString(chunk: Buffer, from: number): number {
    let i = from;
    if (this.escapePending) {
      this.escapePending = false;
      i++;
    }
    for (;;) {
      if (this.nextQuote !== -1 && this.nextQuote < i) this.nextQuote = chunk.indexOf(QUOTE, i);
      if (this.nextBackslash !== -1 && this.nextBackslash < i) this.nextBackslash = chunk.indexOf(BACKSLASH, i);
      const quote = this.nextQuote;
      const backslash = this.nextBackslash;
      if (quote >= 0 && (backslash < 0 || quote < backslash)) {
        this.inString = false;
        this.closeString(chunk, from, quote);
        return quote;
      }
      if (backslash < 0) break;
      // An escape: the next byte is taken as is, even when it is the next chunk's first.
      i = backslash + 2;
      if (i > chunk.length) {
        this.escapePending = true;
        break;
      }
    }
    this.keepSpanningPart(chunk, from);
    this.inString = true;
    // A top-level string element may end in a later chunk; its end is recorded when it closes.
    return chunk.length;
  }

  private keepSpanningPart(chunk: Buffer, from: number): void {
    if (!this.keyCandidate) return;
    this.stringBytes += chunk.length - from;
    this.keyCandidate = this.stringBytes <= MAX_KEY_BYTES;
    if (this.keyCandidate) (this.spanningParts ??= []).push(Buffer.from(chunk.subarray(from)));
  }

  private closeString(chunk: Buffer, from: number, quote: number): void {
    this.stringBytes += quote - from;
    if (!this.keyCandidate || this.stringBytes > MAX_KEY_BYTES) {
      this.lastChunk = null;
    } else if (this.spanningParts) {
      this.lastChunk = Buffer.concat([...this.spanningParts, chunk.subarray(from, quote)]);
      this.lastFrom = 0;
      this.lastTo = this.lastChunk.length;
    } else {
      this.lastChunk = chunk;
      this.lastFrom = from;
      this.lastTo = quote;
    }
    this.spanningParts = null;
  }

  private endElement(): void {
    this.bounds.push(this.elementStart, this.elementEnd);
    this.elementStart = -1;
    this.elementEnd = -1;
  }

  private syntax(message: string): ShapeViolation {
    return { kind: 'syntax', message };
  }
}
