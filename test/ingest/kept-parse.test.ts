import { RECENT_EVENT_OVERHEAD_BYTES as ENTRY_OVERHEAD, RecentEvents } from '../../src/log/recent-events';
import { compactRunEvent as runEvent } from '../support/fixtures';
import { InProcessApp, startInProcessApp } from '../support/in-process-app';

/**
 * What the ingest hands to this replica's memory of recent events: the parse it already made for
 * a single event in sync mode (counted as twice its text), the text otherwise.
 */
describe('the ingest\'s parse, kept for the projection', () => {
  describe('sync mode', () => {
    let store: InProcessApp;
    beforeAll(async () => {
      store = await startInProcessApp();
    });
    afterAll(() => store.close());

    it('goes with a single event; a batch event is held as its text', async () => {
      const recent = store.app.get(RecentEvents);
      const single = runEvent('single');
      expect((await store.request('POST', '/api/v1/lineage', single)).status).toBe(201);
      expect(recent.heldBytes()).toBe(2 * Buffer.byteLength(single) + ENTRY_OVERHEAD);

      const inBatch = runEvent('in-batch');
      expect((await store.request('POST', '/api/v1/lineage/batch', `[${inBatch}]`)).status).toBeLessThan(300);
      expect(recent.heldBytes()).toBe(2 * Buffer.byteLength(single) + Buffer.byteLength(inBatch) + ENTRY_OVERHEAD * 2);
    });
  });
});
