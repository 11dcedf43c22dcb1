import { Environment } from '../../src/core/config/environment';
import { LogNotifier } from '../../src/log/log-notifier';
import { ProjectionWorkers } from '../../src/projection/projection-workers.service';
import { ProjectionWriter } from '../../src/projection/projection-writer.service';
import { ProjectionMetrics } from '../../src/projection/projection.metrics';
import { waitForProjection } from '../support/database';
import { generatedEvents } from '../support/generated-events';
import { InProcessApp, startInProcessApp } from '../support/in-process-app';
import { ingest } from '../support/projection';

/** The most batches in flight at once while `during` runs. */
async function mostBatchesAtOnce(store: InProcessApp, during: () => Promise<void>): Promise<number> {
  const writer = store.app.get(ProjectionWriter);
  const projectBatch = writer.projectBatch.bind(writer);
  let inFlight = 0;
  let most = 0;
  const spy = jest.spyOn(writer, 'projectBatch').mockImplementation(async (limit) => {
    most = Math.max(most, ++inFlight);
    try {
      return await projectBatch(limit);
    } finally {
      inFlight--;
    }
  });
  try {
    await during();
    return most;
  } finally {
    spy.mockRestore();
  }
}

describe('projection workers', () => {
  let store: InProcessApp;
  let workers: ProjectionWorkers;
  beforeAll(async () => {
    // The poll interval is long, so only ingest's commits and a backlog wake a worker here.
    store = await startInProcessApp({ PROJECTION_BATCH_SIZE: '5', PROJECTION_POLL_INTERVAL_MS: '600000' });
    // Two loops as a projector thread runs them, here on the app's own writer so that a spy sees
    // their batches; woken by each commit, as the thread is.
    workers = new ProjectionWorkers(store.app.get(Environment), store.app.get(ProjectionWriter), store.app.get(ProjectionMetrics));
    store.app.get(LogNotifier).onCommitted(() => workers.wake());
    workers.start(2);
  });
  afterAll(async () => {
    await workers.onApplicationShutdown();
    await store.close();
  });

  it('project with one worker while it keeps up with ingest', async () => {
    const most = await mostBatchesAtOnce(store, async () => {
      for (const event of generatedEvents(6)) {
        await ingest(store, [event]);
        await waitForProjection(store.databaseUrl);
      }
    });
    expect(most).toBe(1);
  });

  it('call the second worker in when a batch comes back full', async () => {
    const most = await mostBatchesAtOnce(store, async () => {
      await ingest(store, generatedEvents(60));
      await waitForProjection(store.databaseUrl);
    });
    expect(most).toBe(2);
  });
});
