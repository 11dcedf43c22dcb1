const LF = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;

/**
 * An event's JSON text as one NDJSON line: its bytes as received, then a newline. JSON text can
 * hold a raw line break only as whitespace between tokens (inside a string it must be escaped),
 * so a pretty-printed event has each CR and LF replaced by a space: the same length, the same
 * JSON value, one line.
 */
export function ndjsonLine(text: string): Buffer {
  const bytes = Buffer.from(`${text}\n`, 'utf8');
  const end = bytes.length - 1;
  for (let i = bytes.indexOf(LF); i !== -1 && i < end; i = bytes.indexOf(LF, i + 1)) bytes[i] = SPACE;
  for (let i = bytes.indexOf(CR); i !== -1; i = bytes.indexOf(CR, i + 1)) bytes[i] = SPACE;
  return bytes;
}
