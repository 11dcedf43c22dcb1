/** Helpers for JSON that has already parsed: the log stores events as sent. */

const isJsonWhitespace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/** Without the spaces, tabs and line breaks JSON allows around a value (a view, not a copy). */
export function trimJsonWhitespace(bytes: Buffer): Buffer {
  let start = 0;
  let end = bytes.length;
  while (start < end && isJsonWhitespace(bytes[start])) start++;
  while (end > start && isJsonWhitespace(bytes[end - 1])) end--;
  return start === 0 && end === bytes.length ? bytes : bytes.subarray(start, end);
}

/** Deeper than any real event: refused so that no reader (SQL or JavaScript) has to walk it. */
export const MAX_JSON_DEPTH = 1000;

/** Whether arrays and objects nest more than `max` deep in a parsed JSON value. */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (max === 0) return true;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (nestsDeeperThan(value[i], max - 1)) return true;
  } else {
    for (const key in value) if (nestsDeeperThan((value as Record<string, unknown>)[key], max - 1)) return true;
  }
  return false;
}
