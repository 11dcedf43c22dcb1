import { PreciseDate } from '../../src/database/precise-timestamps';
import { AppendedEvent } from '../../src/log/logged-event';
import { committedEvents, committedMessage, ToProjector } from '../../src/projection/projector/projector-messages';

describe('what crosses to the projector thread for committed events', () => {
  it('is each event\'s columns, its time to the microsecond, and its text alone, not the chunk its bytes were a view of', () => {
    const chunk = Buffer.from('POST / HTTP/1.1\r\n\r\n{"eventType":"START","big":12345678901234567891,"price":1.50}');
    const columns = {
      eventId: '7', kind: 'run' as const, eventType: 'START', runId: '0195f7a4-0000-7000-8000-000000000001', jobNamespace: 'ns', jobName: 'job',
    };
    const event: AppendedEvent = { ...columns, eventTime: new PreciseDate(Date.parse('2026-12-01T10:00:00.123Z'), 456), json: chunk.subarray(chunk.indexOf('{')) };
    const message = committedMessage([event]);
    chunk.fill(0x20); // the request's memory is reused once it is answered
    // structuredClone is what postMessage does to it.
    const received = structuredClone(message) as Extract<ToProjector, { type: 'committed' }>;
    const [remembered] = committedEvents(received.events);
    expect(remembered).toEqual({ ...columns, eventTime: expect.any(PreciseDate), json: '{"eventType":"START","big":12345678901234567891,"price":1.50}' });
    expect(remembered.eventTime.toISOString()).toBe('2026-12-01T10:00:00.123456Z');
  });
});
