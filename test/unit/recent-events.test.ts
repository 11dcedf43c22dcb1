import { CommittedEvent, RecentEvents } from '../../src/log/recent-events';

const event = (eventId: string, payload: object = { eventType: 'START', n: eventId }): CommittedEvent => ({
  eventId,
  kind: 'run',
  eventType: 'START',
  eventTime: new Date('2026-12-01T10:00:00Z'),
  runId: '0195f7a4-0000-7000-8000-000000000001',
  jobNamespace: 'ns',
  jobName: 'job',
  json: JSON.stringify(payload),
});

describe('the events this replica appended, remembered for its projection', () => {
  it('gives a remembered event once, with its payload parsed from the text stored, and names the ids it does not hold', () => {
    const recent = new RecentEvents();
    recent.remember([event('7', { eventType: 'START', big: 12345678901234567891, price: 1.5 }), event('8')]);
    const first = recent.take(['7', '9']);
    expect(first.missing).toEqual(['9']);
    expect(first.found).toEqual([
      {
        eventId: '7', kind: 'run', eventType: 'START', eventTime: new Date('2026-12-01T10:00:00Z'),
        runId: '0195f7a4-0000-7000-8000-000000000001', jobNamespace: 'ns', jobName: 'job',
        payload: { eventType: 'START', big: 12345678901234567891, price: 1.5 },
      },
    ]);
    // Taken means forgotten: a batch that rolls back reads the event from the log again.
    expect(recent.take(['7', '8'])).toEqual({ found: [expect.objectContaining({ eventId: '8' })], missing: ['7'] });
    expect(recent.heldBytes()).toBe(0);
  });

  it('remembers no more once its payloads fill the byte budget, keeping the oldest (claimed next) until they are taken', () => {
    const a = event('1');
    const recent = new RecentEvents((a.json.length + 256) * 2); // two payloads and their entries' overhead
    recent.remember([a, event('2'), event('3')]);
    recent.remember([event('4')]);
    expect(recent.take(['1', '3', '4'])).toEqual({ found: [expect.objectContaining({ eventId: '1' })], missing: ['3', '4'] });
    recent.remember([event('5')]);
    expect(recent.take(['2', '5']).missing).toEqual([]);
  });

  it('forgets events no batch of this replica claimed (another replica projected them) once they are too old', () => {
    let now = 0;
    const recent = new RecentEvents(1024 * 1024, 10_000, () => now);
    recent.remember([event('1')]);
    now = 5_000;
    recent.remember([event('2')]);
    now = 11_000;
    recent.remember([event('3')]);
    expect(recent.take(['1', '2', '3']).missing).toEqual(['1']);
    expect(recent.heldBytes()).toBe(0);
  });

  it('forgets old events when the projection claims, even when nothing is appended any more', () => {
    let now = 0;
    const recent = new RecentEvents(1024 * 1024, 10_000, () => now);
    recent.remember([event('1')]);
    now = 11_000;
    expect(recent.take([])).toEqual({ found: [], missing: [] });
    expect(recent.heldBytes()).toBe(0);
  });

  it('never serves an event of a log emptied since (an id given again): the new one, or none', () => {
    const recent = new RecentEvents();
    recent.remember([event('1', { eventType: 'START', old: 1 })]);
    recent.remember([event('1', { eventType: 'START', new: 1 })]);
    expect(recent.take(['1']).found.map((e) => e.payload)).toEqual([{ eventType: 'START', new: 1 }]);

    const size = event('1').json.length + 256;
    const full = new RecentEvents(size * 2);
    full.remember([event('1'), event('2', { eventType: 'START', n: '2' })]);
    full.remember([event('2', { eventType: 'START', n: '2'.repeat(size) })]); // no room for it
    expect(full.take(['2'])).toEqual({ found: [], missing: ['2'] });
    expect(full.heldBytes()).toBe(size);
  });

  it('never holds one payload larger than the whole budget', () => {
    const recent = new RecentEvents(10);
    recent.remember([event('1')]);
    expect(recent.take(['1']).missing).toEqual(['1']);
  });
});
