import { Alarm } from '../../src/core/alarm';

/** Whether `promise` has settled, as seen after pending callbacks have run. */
function watch(promise: Promise<unknown>): () => boolean {
  let settled = false;
  void promise.then(() => (settled = true));
  return () => settled;
}

describe('Alarm', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('wakes every sleeper at once when rung', async () => {
    const alarm = new Alarm();
    const sleepers = [watch(alarm.sleep(60_000)), watch(alarm.sleep(60_000))];
    await jest.advanceTimersByTimeAsync(0);
    expect(sleepers.map((settled) => settled())).toEqual([false, false]);
    alarm.ring();
    await jest.advanceTimersByTimeAsync(0);
    expect(sleepers.map((settled) => settled())).toEqual([true, true]);
  });

  it('keeps a ring that came while nobody slept for the next sleeper, once', async () => {
    const alarm = new Alarm();
    alarm.ring();
    const first = watch(alarm.sleep(60_000));
    await jest.advanceTimersByTimeAsync(0);
    expect(first()).toBe(true);
    const second = watch(alarm.sleep(50));
    await jest.advanceTimersByTimeAsync(49);
    expect(second()).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(second()).toBe(true);
  });

  it('wakes a sleeper nobody rang for when its time is up', async () => {
    const sleeper = watch(new Alarm().sleep(30));
    await jest.advanceTimersByTimeAsync(29);
    expect(sleeper()).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(sleeper()).toBe(true);
  });
});
