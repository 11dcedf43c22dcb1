import { EventLoopSlices } from '../../src/core/event-loop-slices';
import { stringifyInSlices } from '../../src/core/http/json-in-slices';

describe('stringifyInSlices', () => {
  it('writes exactly what JSON.stringify writes', async () => {
    const when = new Date('2026-03-01T10:00:00.123Z');
    const values: unknown[] = [
      { graph: [{ id: 'a', data: { at: when, n: 1.5, s: 'quote " and \u2028' } }, { id: 'b', skip: undefined }], truncated: false },
      { graph: [], truncated: true, missing: undefined, fn: () => 1 },
      { list: [undefined, () => 1, null, [1, [2]], 'x'], 'key "quoted"': { nested: [1] } },
      { toJSON: () => ({ replaced: true }) },
      [1, { a: 2 }],
      'text',
      42,
      null,
    ];
    for (const value of values) expect(await stringifyInSlices(value)).toBe(JSON.stringify(value));
  });

  it('lets the event loop run between the elements of a large array', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    const nodes = Array.from({ length: 2000 }, (_, i) => ({ id: `node-${i}`, data: { fields: Array.from({ length: 20 }, (_, f) => ({ name: `f${f}` })) } }));
    // A slice of zero milliseconds yields after every element.
    const text = await stringifyInSlices({ graph: nodes }, new EventLoopSlices(0));
    clearInterval(timer);
    expect(text).toBe(JSON.stringify({ graph: nodes }));
    expect(ticks).toBeGreaterThan(0);
  });
});
