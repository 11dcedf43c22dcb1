import { randomBytes } from 'node:crypto';
import { query, waitForProjection } from '../support/database';
import { generatedEvents } from '../support/generated-events';
import { get, post } from '../support/http';
import { migratedDatabase } from '../support/migrated-database';
import { startStore } from '../support/store-process';

describe('an event whose data cannot be projected', () => {
  it('is set aside with an error line while every other event of its batch is projected', async () => {
    const databaseUrl = await migratedDatabase('poison');
    const writer = await startStore({ DATABASE_URL: databaseUrl, PROJECTION_WORKERS: '0' });
    const before = generatedEvents(5);
    expect((await post(`${writer.url}/api/v1/lineage/batch`, before)).body.summary.successful).toBe(5);
    await writer.stop();

    // An event logged before today's validation existed: a dataset name far beyond what the
    // datasets index can hold (random, so PostgreSQL cannot compress it under the limit).
    const hugeName = randomBytes(6000).toString('base64');
    const poison = { ...(generatedEvents(1)[0] as any), inputs: [{ namespace: 'legacy://ns', name: hugeName }] };
    const [{ id: poisonId }] = await query<{ id: string }>(
      databaseUrl,
      `WITH e AS (
         INSERT INTO lineage_events (event_kind, event_type, event_time, run_id, job_namespace, job_name, content_hash, payload, payload_bytes)
         VALUES ('run', 'COMPLETE', now(), $1, 'legacy://ns', 'legacy', sha256(convert_to($2::text, 'UTF8')), $2::text::json, length($2::text)) RETURNING id)
       INSERT INTO projection_queue (event_id) SELECT id FROM e RETURNING event_id AS id`,
      [poison.run.runId, JSON.stringify(poison)],
    );

    const store = await startStore({ DATABASE_URL: databaseUrl, PROJECTION_WORKERS: '1', PROJECTION_BATCH_SIZE: '50' });
    try {
      const after = generatedEvents(5);
      expect((await post(`${store.url}/api/v1/lineage/batch`, after)).body.summary.successful).toBe(5);
      await waitForProjection(databaseUrl);

      const [{ n: linked }] = await query<{ n: number }>(
        databaseUrl,
        'SELECT count(DISTINCT event_id)::int AS n FROM event_datasets WHERE event_id <> $1',
        [poisonId],
      );
      expect(linked).toBe(10);
      const setAside = store.output.filter((line) => line.includes('event set aside'));
      expect(setAside).toHaveLength(1);
      expect(JSON.parse(setAside[0]).eventId).toBe(String(poisonId));
      expect((await get(`${store.url}/health/ready`)).status).toBe(200);
    } finally {
      await store.stop();
    }
  });
});
