import { RunEventKey } from '../../log/event-read.repository';

const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const ID = /^[1-9]\d{0,18}$/;

/** Opaque keyset cursor over run events: the (event time, id) of a page's last event. */
export function encodeRunEventCursor(key: RunEventKey): string {
  return Buffer.from(JSON.stringify([key.time, key.id])).toString('base64url');
}

/** Returns null for anything that is not a cursor this service made. */
export function decodeRunEventCursor(value: string): RunEventKey | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 2 && TIME.test(String(parsed[0])) && ID.test(String(parsed[1]))) {
      return { time: parsed[0], id: parsed[1] };
    }
  } catch {
    // fall through: not a cursor
  }
  return null;
}
