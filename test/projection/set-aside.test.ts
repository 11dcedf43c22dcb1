import { randomBytes } from 'node:crypto';
import { query, waitForProjection } from '../support/database';
import { generatedEvents } from '../support/generated-events';
import { runCommand, startStore } from '../support/store-process';
import { jsonLines, migratedDatabase, parseMetrics, sampleValue } from '../ops/ops-support';

interface SetAsideRow {
  event_id: string;
  reason: string;
  set_aside_at: Date;
}

describe('set-aside events', () => {
  it('are listed with the reason in projection_set_aside, counted in metadata_store_projection_set_aside_total, and retried by reproject', async () => {
    const databaseUrl = await migratedDatabase('set_aside');
    // An event logged before today's validation existed: a dataset name far beyond what the
    // datasets index can hold (random, so PostgreSQL cannot compress it under the limit).
    const poison = { ...(generatedEvents(1)[0] as any), inputs: [{ namespace: 'legacy://ns', name: randomBytes(6000).toString('base64') }] };
    const [{ id: poisonId }] = await query<{ id: string }>(
      databaseUrl,
      `WITH e AS (
         INSERT INTO lineage_events (event_kind, event_type, event_time, run_id, job_namespace, job_name, content_hash, payload, payload_bytes)
         VALUES ('run', 'COMPLETE', now(), $1, 'legacy://ns', 'legacy', sha256(convert_to($2::text, 'UTF8')), $2::text::jsonb, length($2::text)) RETURNING id)
       INSERT INTO projection_queue (event_id) SELECT id FROM e RETURNING event_id::text AS id`,
      [poison.run.runId, JSON.stringify(poison)],
    );

    const store = await startStore({ DATABASE_URL: databaseUrl, PROJECTION_WORKERS: '1' });
    let first: SetAsideRow;
    try {
      await waitForProjection(databaseUrl);
      const rows = await query<SetAsideRow>(databaseUrl, 'SELECT event_id::text, reason, set_aside_at FROM projection_set_aside');
      expect(rows.map((r) => r.event_id)).toEqual([poisonId]);
      expect(rows[0].reason).toMatch(/index row/);
      first = rows[0];
      const metrics = parseMetrics(await (await fetch(`${store.url}/metrics`)).text());
      expect(sampleValue(metrics, 'metadata_store_projection_set_aside_total')).toBe(1);
    } finally {
      await store.stop();
    }

    const reprojected = runCommand(['reproject'], { DATABASE_URL: databaseUrl });
    expect(reprojected.status).toBe(0);
    expect(jsonLines(reprojected.stdout.split('\n')).map((l) => l.msg)).toContainEqual(expect.stringMatching(/^reprojected 1 event\(s\).*; 1 set aside/));
    const [again] = await query<SetAsideRow>(databaseUrl, 'SELECT event_id::text, reason, set_aside_at FROM projection_set_aside');
    expect(again.event_id).toBe(poisonId);
    expect(again.set_aside_at.getTime()).toBeGreaterThan(first.set_aside_at.getTime());
  });
});
