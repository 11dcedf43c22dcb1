import { Alarm } from '../../src/core/alarm';

describe('Alarm', () => {
  it('wakes every sleeper at once when rung', async () => {
    const alarm = new Alarm();
    const started = Date.now();
    const sleepers = [alarm.sleep(60_000), alarm.sleep(60_000)];
    alarm.ring();
    await Promise.all(sleepers);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('keeps a ring that came while nobody slept for the next sleeper, once', async () => {
    const alarm = new Alarm();
    alarm.ring();
    await alarm.sleep(60_000);
    const started = Date.now();
    await alarm.sleep(50);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
  });

  it('wakes a sleeper nobody rang for when its time is up', async () => {
    const started = Date.now();
    await new Alarm().sleep(30);
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
  });
});
