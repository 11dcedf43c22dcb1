import { Client } from 'pg';

/**
 * A position in Marquez's `lineage_events`, in the order its events were received: (created_at,
 * event_time), as PostgreSQL's text of each. Rows written before Marquez added created_at have
 * none: they come first.
 */
export interface MarquezPosition {
  createdAt: string;
  eventTime: string;
}

export interface MarquezEvent {
  text: Buffer;
  position: MarquezPosition;
}

const CREATED_AT = `coalesce(created_at, '-infinity'::timestamp)`;
const EVENT_TIME = `coalesce(event_time, '-infinity'::timestamptz)`;
const KEY = `${CREATED_AT}, ${EVENT_TIME}`;

/** The source's name in checkpoints and logs: the database's address, without credentials. */
export function marquezSourceName(url: string): string {
  const parsed = new URL(url);
  return `marquez:${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
}

/**
 * Reads Marquez's `lineage_events` (its `event` jsonb column, as text) in (created_at,
 * event_time) order from `from` on (inclusive: the events at the position itself come again, and
 * the log stores each text once), through a cursor in one read-only snapshot.
 */
export class MarquezEvents {
  private constructor(private readonly client: Client) {}

  static async open(url: string, from: MarquezPosition | null): Promise<{ events: MarquezEvents; total: number }> {
    const client = new Client({ connectionString: url, application_name: 'metadata-store-import-marquez' });
    await client.connect();
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const where = from ? `WHERE (${KEY}) >= ($1::timestamp, $2::timestamptz)` : '';
      const params = from ? [from.createdAt, from.eventTime] : [];
      const [{ n }] = (await client.query(`SELECT count(*)::bigint AS n FROM lineage_events ${where}`, params)).rows;
      await client.query(
        `DECLARE marquez_events NO SCROLL CURSOR FOR
           SELECT event::text AS text, ${CREATED_AT}::text AS created_at, ${EVENT_TIME}::text AS event_time
             FROM lineage_events ${where} ORDER BY ${KEY}`,
        params,
      );
      return { events: new MarquezEvents(client), total: Number(n) };
    } catch (error) {
      await client.end();
      throw error;
    }
  }

  /** The next events, at most `count`; none at the end. */
  async next(count: number): Promise<MarquezEvent[]> {
    const { rows } = await this.client.query<{ text: string | null; created_at: string; event_time: string }>(`FETCH ${count} FROM marquez_events`);
    return rows.map((r) => ({
      // A row without an event (Marquez never writes one) is the JSON null: refused by validation.
      text: Buffer.from(r.text ?? 'null', 'utf8'),
      position: { createdAt: r.created_at, eventTime: r.event_time },
    }));
  }

  async close(): Promise<void> {
    await this.client.end();
  }
}
