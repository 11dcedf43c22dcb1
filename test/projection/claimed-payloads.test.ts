import { getDataSourceToken } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { PROJECTION_DATABASE } from '../../src/database/database.module';
import { LoggedEvent } from '../../src/log/logged-event';
import { LogMetrics } from '../../src/log/log.metrics';
import { LogNotifier } from '../../src/log/log-notifier';
import { ProjectionQueueRepository } from '../../src/log/projection-queue.repository';
import { RecentEvents } from '../../src/log/recent-events';
import { committedEvents, committedMessage, ToProjector } from '../../src/projection/projector/projector-messages';
import { ProjectionWriter } from '../../src/projection/projection-writer.service';
import { query } from '../support/database';
import { eventFixtures } from '../support/fixtures';
import { InProcessApp, startInProcessApp } from '../support/in-process-app';

/** Numbers JSON.stringify would change, an upper-case run id, a time with microseconds and an offset. */
const AWKWARD_EVENT = `{"eventType":"START","eventTime":"2026-12-01T12:00:00.123456+01:30",
  "producer":"https://example.com/producer","schemaURL":"https://openlineage.io/spec/2-0-2/OpenLineage.json#/$defs/RunEvent",
  "run":{"runId":"0195F7A4-3C2B-7D4E-9F10-ABCDEF012345","facets":{"x":{"_producer":"p","_schemaURL":"s","big":12345678901234567891,"price":1.50}}},
  "job":{"namespace":"awkward","name":"job"},"inputs":[{"namespace":"db","name":"t","facets":{}}],"outputs":[]}`;

class RolledBack extends Error {}

describe('the events a projection batch claims', () => {
  let store: InProcessApp;
  /** The queue as a projector thread holds it: with the memory its replica's commits fill. */
  let projectorQueue: ProjectionQueueRepository;
  beforeAll(async () => {
    store = await startInProcessApp();
    const recent = new RecentEvents();
    // What ProjectorThread sends, cloned as postMessage clones it, remembered as the thread does.
    store.app.get(LogNotifier).onCommitted((events) => {
      const message = structuredClone(committedMessage(events)) as Extract<ToProjector, { type: 'committed' }>;
      recent.remember(committedEvents(message.events));
    });
    const dataSource = store.app.get<DataSource>(getDataSourceToken(PROJECTION_DATABASE));
    projectorQueue = new ProjectionQueueRepository(dataSource, store.app.get(LogMetrics), recent);
  });
  afterAll(() => store.close());

  const claimAll = async (): Promise<LoggedEvent[]> => {
    const dataSource = store.app.get<DataSource>(getDataSourceToken(PROJECTION_DATABASE));
    let claimed: LoggedEvent[] = [];
    await dataSource
      .transaction(async (manager) => {
        claimed = await projectorQueue.claim(manager, 1000);
        throw new RolledBack();
      })
      .catch((error) => {
        if (!(error instanceof RolledBack)) throw error;
      });
    return claimed;
  };
  const comparable = (events: LoggedEvent[]) => events.map((e) => ({ ...e, eventTime: e.eventTime.toISOString() }));
  const payloadsClaimed = async (source: string): Promise<number> => {
    const metrics = (await store.request('GET', '/metrics')).text;
    return Number(new RegExp(`^metadata_store_projection_payloads_total\\{source="${source}"\\} (\\d+)`, 'm').exec(metrics)?.[1] ?? 0);
  };

  it('are the same whether their payloads come from the projector\'s memory of this replica\'s commits or from the log', async () => {
    const bodies = [...eventFixtures().map((f) => f.text), AWKWARD_EVENT];
    for (const body of bodies) {
      const batch = body.trimStart().startsWith('[');
      const res = await store.request('POST', batch ? '/api/v1/lineage/batch' : '/api/v1/lineage', body);
      expect(res.status).toBeLessThan(300);
    }

    const fromMemory = await claimAll();
    expect(await payloadsClaimed('memory')).toBe(fromMemory.length);
    expect(await payloadsClaimed('log')).toBe(0);
    // The batch rolled back: its events are queued again, and now read back from the log.
    const fromLog = await claimAll();
    expect(await payloadsClaimed('log')).toBe(fromLog.length);

    expect(fromMemory.length).toBeGreaterThan(bodies.length);
    expect(comparable(fromMemory)).toEqual(comparable(fromLog));
    // Another event, appended now, is in memory while the others are read back: one batch, in log order.
    const later = await store.request('POST', '/api/v1/lineage', AWKWARD_EVENT.replace('"name":"job"', '"name":"later"'));
    expect(later.status).toBe(201);
    const mixed = await claimAll();
    expect(await payloadsClaimed('memory')).toBe(fromMemory.length + 1);
    expect(await payloadsClaimed('log')).toBe(fromLog.length * 2);
    expect(comparable(mixed.slice(0, -1))).toEqual(comparable(fromLog));
    expect(mixed.at(-1)!.jobName).toBe('later');

    const awkward = fromMemory.find((e) => e.jobNamespace === 'awkward')!;
    expect(awkward.runId).toBe('0195f7a4-3c2b-7d4e-9f10-abcdef012345');
    expect(awkward.eventTime.toISOString()).toBe('2026-12-01T10:30:00.123456Z');
    expect((awkward.payload as any).run.facets.x).toEqual({ _producer: 'p', _schemaURL: 's', big: 12345678901234567891, price: 1.5 });
  });

  it('drop a queued event that is no longer in the log (removed by hand) instead of stalling on it', async () => {
    await query(store.databaseUrl, 'INSERT INTO projection_queue (event_id) VALUES (999999999)');
    const writer = store.app.get(ProjectionWriter);
    while ((await writer.projectBatch(100)).length > 0);
    expect(await query(store.databaseUrl, 'SELECT event_id FROM projection_queue')).toEqual([]);
  });
});
