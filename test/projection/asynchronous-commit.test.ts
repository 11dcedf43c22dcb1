import { ProjectionWriter } from '../../src/projection/projection-writer.service';
import { query } from '../support/database';
import { eventFixtures } from '../support/fixtures';
import { InProcessApp, startInProcessApp } from '../support/in-process-app';

/**
 * The log's appends wait for their WAL to reach the disk before the store answers; the
 * projection's transactions do not (the read tables are rebuilt from the log). Triggers record the
 * setting each write ran under.
 */
describe('commit durability', () => {
  let store: InProcessApp;
  beforeAll(async () => {
    store = await startInProcessApp();
    await query(
      store.databaseUrl,
      `CREATE TABLE commit_settings (tbl text, synchronous_commit text);
       CREATE FUNCTION record_commit_setting() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN INSERT INTO commit_settings VALUES (TG_TABLE_NAME, current_setting('synchronous_commit')); RETURN NULL; END $$;
       CREATE TRIGGER record_commit_setting AFTER INSERT ON lineage_events FOR EACH STATEMENT EXECUTE FUNCTION record_commit_setting();
       CREATE TRIGGER record_commit_setting AFTER INSERT ON runs FOR EACH STATEMENT EXECUTE FUNCTION record_commit_setting();`,
    );
  });
  afterAll(() => store.close());

  it('the log append waits for the disk, the projection of the event does not', async () => {
    const run = eventFixtures().find((f) => !f.text.trimStart().startsWith('[') && f.text.includes('"runId"'))!;
    const res = await store.request('POST', '/api/v1/lineage', run.text);
    expect(res.status).toBe(201);
    expect(await store.app.get(ProjectionWriter).projectBatch(100)).toHaveLength(1);
    const settings = await query<{ tbl: string; synchronous_commit: string }>(store.databaseUrl, 'SELECT DISTINCT tbl, synchronous_commit FROM commit_settings ORDER BY tbl');
    expect(settings).toEqual([
      { tbl: 'lineage_events', synchronous_commit: 'on' },
      { tbl: 'runs', synchronous_commit: 'off' },
    ]);
  });
});
