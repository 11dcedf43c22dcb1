/** Helpers for JSON that has already parsed: the log stores events as sent. */

const isJsonWhitespace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/** Without the spaces, tabs and line breaks JSON allows around a value. */
export function trimJsonWhitespace(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isJsonWhitespace(text.charCodeAt(start))) start++;
  while (end > start && isJsonWhitespace(text.charCodeAt(end - 1))) end--;
  return start === 0 && end === text.length ? text : text.slice(start, end);
}

/**
 * The exact text of each element of a top-level JSON array, given text that JSON.parse accepted
 * as an array: a batch's events are stored as sent, like single events.
 */
export function arrayElementTexts(arrayText: string): string[] {
  const elements: string[] = [];
  let depth = 0;
  let start = -1;
  let inString = false;
  for (let i = arrayText.indexOf('[') + 1; i < arrayText.length; i++) {
    const c = arrayText.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
      continue;
    }
    if (start < 0 && !isJsonWhitespace(c) && c !== 0x5d) start = i;
    if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) depth++;
    else if ((c === 0x7d || c === 0x5d) && depth > 0) depth--;
    else if ((c === 0x2c || c === 0x5d) && depth === 0) {
      if (start >= 0) elements.push(trimJsonWhitespace(arrayText.slice(start, i)));
      start = -1;
      if (c === 0x5d) break;
    }
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
