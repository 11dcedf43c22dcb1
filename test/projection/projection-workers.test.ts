import { ProjectionWriter } from '../../src/projection/projection-writer.service';
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
  beforeAll(async () => {
    // The poll interval is long, so only ingest's commits and a backlog wake a worker here.
    store = await startInProcessApp({ PROJECTION_WORKERS: '2', PROJECTION_BATCH_SIZE: '5', PROJECTION_POLL_INTERVAL_MS: '600000' });
  });
  afterAll(() => store.close());

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
