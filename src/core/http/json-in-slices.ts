import { EventLoopSlices } from '../event-loop-slices';

/**
 * `JSON.stringify(value)`, byte for byte, but the elements of the top-level object's arrays (a
 * lineage graph's nodes) are stringified one at a time, yielding to the event loop between them
 * once a slice (SLICE_MS) is used up. A graph of a thousand nodes is megabytes of JSON: stringified
 * in one go it holds the loop that every other request, ingest included, waits on.
 */
export async function stringifyInSlices(value: unknown, slices = new EventLoopSlices()): Promise<string> {
  if (!isPlainObject(value)) return JSON.stringify(value);
  const members: string[] = [];
  for (const [key, member] of Object.entries(value)) {
    if (!Array.isArray(member)) {
      const text = JSON.stringify(member);
      // As JSON.stringify: a member with no JSON (undefined, a function, a symbol) is left out.
      if (text !== undefined) members.push(`${JSON.stringify(key)}:${text}`);
      continue;
    }
    const elements: string[] = [];
    for (const element of member) {
      // As JSON.stringify: an array element with no JSON is null.
      elements.push(JSON.stringify(element) ?? 'null');
      await slices.next();
    }
    members.push(`${JSON.stringify(key)}:[${elements.join(',')}]`);
  }
  return `{${members.join(',')}}`;
}

/** An object JSON.stringify writes member by member: not an array, not null, and without toJSON. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return typeof (value as { toJSON?: unknown }).toJSON !== 'function';
}
