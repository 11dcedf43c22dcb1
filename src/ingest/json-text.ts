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

/**
 * The exact text (UTF-8) of each element of a top-level JSON array, given text that JSON.parse
 * accepted as an array: a batch's events are stored as sent, like single events.
 */
export function arrayElementTexts(arrayText: string): Buffer[] {
  const elements: Buffer[] = [];
  let depth = 0;
  let start = -1; // where the current element begins
  let end = -1; // just after its last character so far
  for (let i = arrayText.indexOf('[') + 1; i < arrayText.length; i++) {
    const c = arrayText.charCodeAt(i);
    if (isJsonWhitespace(c)) continue;
    if (depth === 0 && (c === 0x2c || c === 0x5d)) {
      if (start >= 0) elements.push(Buffer.from(arrayText.slice(start, end)));
      start = -1;
      if (c === 0x5d) break;
      continue;
    }
    if (start < 0) start = i;
    if (c === 0x22) {
      // Skip the string: to the next quote not escaped by a backslash.
      for (i++; arrayText.charCodeAt(i) !== 0x22; i++) if (arrayText.charCodeAt(i) === 0x5c) i++;
    } else if (c === 0x7b || c === 0x5b) {
      depth++;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    }
    end = i + 1;
  }
  return elements;
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
