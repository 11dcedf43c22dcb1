import { register } from 'prom-client';
import { loadEnvironment } from '../../src/core/config/environment';
import { seedStore } from '../../src/seed/seed-store';
import { migrate } from '../../src/cli/migrate';
import { countEvents, createDatabase, query } from '../support/database';

describe('seeding a store', () => {
  it('logs every generated event through ingest, projects them all and leaves N datasets; a second seed adds nothing', async () => {
    const url = await createDatabase('seed');
    await migrate({ url });
    const env = loadEnvironment({});
    const lines: string[] = [];
    const first = await seedStore(env, url, { datasets: 400, seed: 3, progress: (line) => lines.push(line) });

    expect(first).toMatchObject({ datasets: 400, stored: first.events, duplicates: 0, projectedDatasets: 400 });
    expect(await countEvents(url)).toBe(first.events);
    expect(await query(url, 'SELECT count(*)::int AS n FROM projection_queue')).toEqual([{ n: 0 }]);
    const namespaces = await query<{ namespace: string }>(url, 'SELECT DISTINCT namespace FROM datasets ORDER BY 1');
    expect(namespaces.map((r) => r.namespace.split('://')[0])).toEqual(expect.arrayContaining(['postgres', 's3', 'trino']));
    expect(lines[0]).toMatch(/^seed: 400 datasets, [\d,]+ runs, [\d,]+ events/);
    expect(lines[lines.length - 1]).toMatch(/400 datasets in the store$/);

    register.clear(); // the app registers its default metrics once per process
    const second = await seedStore(env, url, { datasets: 400, seed: 3, progress: () => undefined });
    expect(second).toMatchObject({ stored: 0, duplicates: first.events, projectedDatasets: 400 });
    expect(await countEvents(url)).toBe(first.events);
  });
});
