import { register } from 'prom-client';
import { CliLog } from '../../src/cli/cli-log';
import { importMarquezCommand } from '../../src/cli/import/import-marquez-command';
import { loadEnvironment } from '../../src/core/config/environment';
import { ProjectionWriter } from '../../src/projection/projection-writer.service';
import { countEvents, query } from '../support/database';
import { eventFixtures, facetViolationFixtures, fixture } from '../support/fixtures';
import { migratedDatabase, startInProcessApp } from '../support/in-process-app';
import { insertMarquezEvents, marquezDatabase, MarquezRow } from '../support/marquez-database';
import { modelByEventValue } from './store-fixtures';

function keptLog(): CliLog & { lines: string[] } {
  const lines: string[] = [];
  return { lines, info: (m) => lines.push(m), warn: (m) => lines.push(m), error: (m) => lines.push(m) };
}

async function importMarquez(storeUrl: string, marquezUrl: string, log: CliLog, fromStart = false) {
  register.clear();
  try {
    return await importMarquezCommand(loadEnvironment({ DATABASE_URL: storeUrl, LOG_LEVEL: 'warn', PROJECTION_WORKERS: '2' }), log, marquezUrl, { fromStart });
  } finally {
    register.clear();
  }
}

/**
 * Marquez's rows, in the order it received them: two from before Marquez had created_at (null;
 * they come first, by event time), then the fixtures of every producer, a second apart, with an
 * event the store refuses (no run id) among them.
 */
function marquezRows(): MarquezRow[] {
  const first = [fixture('trino/ctas-start.json').json, fixture('trino/ctas-complete.json').json] as Array<Record<string, any>>;
  const rest = [...eventFixtures(), ...facetViolationFixtures()]
    .filter((f) => !f.file.startsWith('trino/ctas-'))
    .flatMap((f) => (Array.isArray(f.json) ? f.json : [f.json])) as Array<Record<string, any>>;
  rest.splice(5, 0, fixture('invalid/no-run-id.json').json as Record<string, any>);
  const created = (i: number) => new Date(Date.UTC(2026, 10, 1, 0, 0, i)).toISOString().replace('T', ' ').replace('Z', '');
  return [...first.map((event) => ({ event, createdAt: null })), ...rest.map((event, i) => ({ event, createdAt: created(i) }))];
}

describe('import-marquez', () => {
  it('ingests Marquez’s lineage_events in the order Marquez received them, refuses what HTTP would, and projects the model HTTP would', async () => {
    const rows = marquezRows();
    const marquez = await marquezDatabase();
    await insertMarquezEvents(marquez, rows);

    const store = await migratedDatabase('from_marquez');
    const log = keptLog();
    const counts = await importMarquez(store, marquez, log);
    expect(counts).toEqual({ read: rows.length, stored: rows.length - 1, duplicates: 0, refused: 1 });
    expect(log.lines.filter((l) => l.includes('refused ('))).toEqual([
      expect.stringMatching(/^import-marquez: the event at created_at 2026-11-01 00:00:05, event_time .* was refused \(INVALID_EVENT\): run\.runId/),
    ]);
    expect(log.lines[0]).toMatch(/^import-marquez: \d+ event\(s\) to read from marquez:/);
    expect(log.lines[log.lines.length - 1]).toMatch(new RegExp(`^imported marquez:.*: ${rows.length} read, ${rows.length - 1} stored, 0 already in the log, 1 refused; projected$`));
    expect(await query(store, 'SELECT 1 FROM projection_queue')).toEqual([]);

    // The same events sent over HTTP, in the same order, give the same model.
    const reference = await startInProcessApp();
    try {
      for (const { event } of rows) await reference.request('POST', '/api/v1/lineage', event);
      const writer = reference.app.get(ProjectionWriter);
      while ((await writer.projectBatch(100)).length > 0);
      expect(await modelByEventValue(store)).toEqual(await modelByEventValue(reference.databaseUrl));
    } finally {
      await reference.close();
    }
  });

  it('goes on where the last run stopped: only what Marquez took since is new', async () => {
    const rows = marquezRows();
    const marquez = await marquezDatabase();
    await insertMarquezEvents(marquez, rows);
    const store = await migratedDatabase('from_marquez_again');
    await importMarquez(store, marquez, keptLog());

    const later = { ...(fixture('trino/insert-start.json').json as Record<string, any>), run: { runId: '019f6545-aaaa-7000-8000-000000000001' } };
    await insertMarquezEvents(marquez, [{ event: later, createdAt: '2026-11-02 00:00:00' }]);
    const log = keptLog();
    const counts = await importMarquez(store, marquez, log);
    // The last run's last event (its checkpoint) is read again and found in the log.
    expect(counts).toEqual({ read: 2, stored: 1, duplicates: 1, refused: 0 });
    expect(log.lines[0]).toMatch(/^import-marquez: 2 event\(s\) to read from .*, resuming at created_at 2026-11-01 00:00:\d\d, event_time/);
    expect(await countEvents(store)).toBe(rows.length);

    // --from-start reads everything again and stores nothing twice.
    const again = await importMarquez(store, marquez, keptLog(), true);
    expect(again).toEqual({ read: rows.length + 1, stored: 0, duplicates: rows.length, refused: 1 });
  });
});
