import { LoggedEvent } from './logged-event';

/** A committed event as the log holds it, its payload the text that was stored. */
export interface CommittedEvent extends Omit<LoggedEvent, 'payload'> {
  json: string;
}

interface Entry {
  event: CommittedEvent;
  rememberedAt: number;
  /** What it counts against the budget. */
  size: number;
}

/**
 * At most this many payload bytes are remembered: a few seconds of saturated sync ingest, longer
 * than the projection normally runs behind. When full, new
 * events are not remembered (the projection reads them from the log): the ones held are the
 * oldest, which the projection claims next, so under a backlog the memory held still serves.
 */
export const RECENT_EVENTS_MAX_BYTES = 16 * 1024 * 1024;
/**
 * An event not claimed this long after its append was claimed by another replica, or waits
 * behind a backlog: it is forgotten, to make room.
 */
export const RECENT_EVENTS_MAX_AGE_MS = 10_000;
/** What an entry costs beyond its payload's bytes (the map's entry, the columns), roughly. */
export const RECENT_EVENT_OVERHEAD_BYTES = 256;

/**
 * The events this replica appended and that no projection batch has claimed yet, so that the
 * projection takes their payloads from memory rather than reading them back from the log
 * (PostgreSQL would detoast, decompress and send every payload again; ADR 0020).
 * The log is append-only, so a remembered event is exactly what the log holds for its id, for
 * as long as it is remembered: there is nothing to invalidate, only memory to bound. An event
 * missing here (appended by another replica or before a restart, not remembered for want of room,
 * forgotten for age, or claimed by a batch that rolled back) is read from the log.
 */
export class RecentEvents {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(
    private readonly maxBytes = RECENT_EVENTS_MAX_BYTES,
    private readonly maxAgeMs = RECENT_EVENTS_MAX_AGE_MS,
    /** Milliseconds on a clock that never steps back. */
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Called with events once they are committed. */
  remember(events: CommittedEvent[]): void {
    const now = this.now();
    this.forgetOlderThan(now - this.maxAgeMs);
    for (const event of events) {
      // An id already held is of a log emptied since (TRUNCATE ... RESTART IDENTITY): never serve it.
      const held = this.entries.get(event.eventId);
      if (held) this.forget(event.eventId, held);
      // Characters: V8 keeps a text of Latin-1 characters (Trino's, Spark's) in a byte each, any other in two.
      const size = event.json.length + RECENT_EVENT_OVERHEAD_BYTES;
      if (this.bytes + size > this.maxBytes) continue;
      this.entries.set(event.eventId, { event, rememberedAt: now, size });
      this.bytes += size;
    }
  }

  /**
   * The remembered events among `eventIds`, parsed, each forgotten as it is taken (a batch that
   * rolls back reads them from the log again); `missing` are the ids to read from the log.
   */
  take(eventIds: string[]): { found: LoggedEvent[]; missing: string[] } {
    this.forgetOlderThan(this.now() - this.maxAgeMs);
    const found: LoggedEvent[] = [];
    const missing: string[] = [];
    for (const id of eventIds) {
      const entry = this.entries.get(id);
      if (!entry) {
        missing.push(id);
        continue;
      }
      this.forget(id, entry);
      const { json, ...columns } = entry.event;
      found.push({ ...columns, payload: JSON.parse(json) as Record<string, unknown> });
    }
    return { found, missing };
  }

  /** What the entries held count against the budget: their payloads' lengths, and an overhead each. */
  heldBytes(): number {
    return this.bytes;
  }

  /** A Map iterates in insertion order: the oldest first. */
  private forgetOlderThan(time: number): void {
    for (const [id, entry] of this.entries) {
      if (entry.rememberedAt >= time) return;
      this.forget(id, entry);
    }
  }

  private forget(id: string, entry: Entry): void {
    this.entries.delete(id);
    this.bytes -= entry.size;
  }
}
