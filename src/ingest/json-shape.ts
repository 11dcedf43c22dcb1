import { MAX_NESTING_DEPTH } from '../openlineage/event-envelope';

/** What a request body may hold, checked on its text before it is parsed. */
export interface ShapeLimits {
  /** Elements of any one array (INGEST_MAX_ARRAY_ELEMENTS). */
  maxArrayElements: number;
  /** Elements of a top-level array, when it has its own limit (a batch: INGEST_BATCH_MAX_EVENTS). */
  maxTopLevelElements?: number;
}

export type ShapeViolation =
  | { kind: 'batch'; limit: number }
  | { kind: 'array'; field: string; limit: number }
  | { kind: 'depth'; field: string; limit: number };

interface Frame {
  array: boolean;
  /** Commas seen directly in this container: the index of the current element of an array. */
  commas: number;
  /** The key of the current member of an object. */
  key: string;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

function fieldPath(stack: Frame[], upTo: number): string {
  let path = '$';
  for (let i = 0; i < upTo; i++) {
    const frame = stack[i];
    if (frame.array) path += `[${frame.commas}]`;
    else path = path === '$' ? frame.key : `${path}.${frame.key}`;
  }
  return path;
}

/** Index of the quote closing the string opened at `start`, or -1 when there is none. */
function closingQuote(text: string, start: number): number {
  for (let j = start + 1; ; j++) {
    j = text.indexOf('"', j);
    if (j < 0) return -1;
    let backslashes = 0;
    while (text.charCodeAt(j - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return j;
  }
}

/**
 * One pass over the JSON text, before JSON.parse builds anything: the first array longer than
 * its limit, or the first container nested deeper than MAX_NESTING_DEPTH, with its path. A
 * million-element array is refused after a scan of its text (a few ms for megabytes) instead of
 * after parsing it, validating it and answering one error per element. Malformed JSON is left to
 * JSON.parse to report.
 */
export function scanJsonShape(text: string, limits: ShapeLimits): ShapeViolation | null {
  const stack: Frame[] = [];
  let lastString = '';
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const end = closingQuote(text, i);
      if (end < 0) return null;
      // Keys are short; values are skipped without copying.
      const top = stack[stack.length - 1];
      lastString = top && !top.array && end - i < 256 ? text.slice(i + 1, end) : '…';
      i = end;
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (stack.length >= MAX_NESTING_DEPTH) return { kind: 'depth', field: fieldPath(stack, stack.length), limit: MAX_NESTING_DEPTH };
      stack.push({ array: c === 0x5b, commas: 0, key: '' });
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      stack.pop();
    } else if (c === 0x3a /* : */) {
      const top = stack[stack.length - 1];
      if (top && !top.array) top.key = lastString;
    } else if (c === 0x2c /* , */) {
      const top = stack[stack.length - 1];
      if (!top) continue;
      top.commas++;
      if (!top.array) continue;
      const topLevel = stack.length === 1 && limits.maxTopLevelElements !== undefined;
      const limit = topLevel ? limits.maxTopLevelElements! : limits.maxArrayElements;
      if (top.commas + 1 > limit) {
        return topLevel ? { kind: 'batch', limit } : { kind: 'array', field: fieldPath(stack, stack.length - 1), limit };
      }
    }
  }
  return null;
}
