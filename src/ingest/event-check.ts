import { FieldError, findUnstorableText, validateEnvelope, ValidEvent } from '../openlineage/event-envelope';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './json-text';

/** `\u0000` or a surrogate escape: the only ways valid UTF-8 JSON text can hold what jsonb refuses. */
const MAY_HOLD_UNSTORABLE_TEXT = /\\u(0000|d[89a-f])/i;
const ESCAPE = Buffer.from('\\u');

export type CheckedEvent = { event: ValidEvent } | { errors: FieldError[] };

/**
 * Everything the store checks on one parsed event before it is stored: the envelope, the nesting
 * depth, and text PostgreSQL's jsonb cannot hold. `text` is the event's JSON text as received
 * (UTF-8). Pure: the store's ingest and the relay (which must refuse exactly what the store would)
 * both call it.
 */
export function checkEvent(body: unknown, text: Buffer): CheckedEvent {
  const result = validateEnvelope(body);
  if (!result.ok) return { errors: result.errors };
  try {
    if (nestsDeeperThan(body, MAX_JSON_DEPTH)) return { errors: [{ field: '$', message: `is nested more than ${MAX_JSON_DEPTH} levels deep` }] };
    // Only an event whose text holds such an escape is walked to find the field to name.
    const unstorable =
      text.includes(ESCAPE) && MAY_HOLD_UNSTORABLE_TEXT.test(text.toString('utf8')) ? findUnstorableText(result.event.payload) : null;
    if (unstorable) return { errors: [unstorable] };
    return { event: result.event };
  } catch (error) {
    // A walk of nesting too deep for the stack (MAX_JSON_DEPTH is far below that, but be sure).
    if (error instanceof RangeError) return { errors: [{ field: '$', message: 'is nested too deeply to store' }] };
    throw error;
  }
}
