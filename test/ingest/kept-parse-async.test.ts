import { RECENT_EVENT_OVERHEAD_BYTES as ENTRY_OVERHEAD, RecentEvents } from '../../src/log/recent-events';
import { countEvents } from '../support/database';
import { compactRunEvent as runEvent } from '../support/fixtures';
import { InProcessApp, startInProcessApp } from '../support/in-process-app';

/** In async mode the queue counts text bytes, so the parse is not kept (see kept-parse.test.ts). */
describe('the ingest\'s parse, kept for the projection', () => {
  describe('async mode', () => {
    let store: InProcessApp;
    beforeAll(async () => {
      store = await startInProcessApp({ INGEST_MODE: 'async' });
    });
    afterAll(() => store.close());

    it('does not go into the queue: the event is held as its text once written', async () => {
      const single = runEvent('async');
      expect((await store.request('POST', '/api/v1/lineage', single)).status).toBe(202);
      while ((await countEvents(store.databaseUrl)) === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(store.app.get(RecentEvents).heldBytes()).toBe(Buffer.byteLength(single) + ENTRY_OVERHEAD);
    });
  });
});
