import { scanJsonShape } from '../../src/ingest/json-shape';
import { MAX_NESTING_DEPTH } from '../../src/openlineage/event-envelope';
import { eventFixtures } from '../support/fixtures';

const limits = { maxArrayElements: 1000 };
const zeros = (count: number) => `[${new Array(count).fill('0').join(',')}]`;

describe('scanJsonShape', () => {
  it('names the first array longer than the limit, from the text, faster than JSON.parse could read it', () => {
    const text = `{"run":{"facets":{"x":{"values":${zeros(1_000_000)}}}},"job":{}}`;
    const timed = (work: () => unknown) => {
      const started = process.hrtime.bigint();
      const result = work();
      return { result, ms: Number(process.hrtime.bigint() - started) / 1e6 };
    };
    const scan = timed(() => scanJsonShape(text, limits));
    const parse = timed(() => JSON.parse(text));
    expect(scan.result).toEqual({ kind: 'array', field: 'run.facets.x.values', limit: 1000 });
    // The scan stops at the 1,001st element; parsing builds all million.
    expect(scan.ms).toBeLessThan(parse.ms);
  });

  it('accepts an array of exactly the limit, and names array positions in the path', () => {
    expect(scanJsonShape(`{"inputs":${zeros(1000)}}`, limits)).toBeNull();
    const text = `{"inputs":[{"n":1},{"facets":{"schema":{"fields":${zeros(1001)}}}}]}`;
    expect(scanJsonShape(text, limits)).toEqual({ kind: 'array', field: 'inputs[1].facets.schema.fields', limit: 1000 });
  });

  it('gives a top-level array its own limit (a batch)', () => {
    expect(scanJsonShape(zeros(11), { maxArrayElements: 1000, maxTopLevelElements: 10 })).toEqual({ kind: 'batch', limit: 10 });
    expect(scanJsonShape(`[{"inputs":${zeros(11)}}]`, { maxArrayElements: 10, maxTopLevelElements: 10 })).toEqual({
      kind: 'array',
      field: '$[0].inputs',
      limit: 10,
    });
  });

  it('is not fooled by brackets, commas and escaped quotes inside strings', () => {
    const text = `{"a\\\\":"[,,,]\\"[,,","b":["x,y,z","\\\\",","]}`;
    expect(JSON.parse(text)).toEqual({ 'a\\': '[,,,]"[,,', b: ['x,y,z', '\\', ','] });
    expect(scanJsonShape(text, { maxArrayElements: 3 })).toBeNull();
    expect(scanJsonShape(text, { maxArrayElements: 2 })).toEqual({ kind: 'array', field: 'b', limit: 2 });
  });

  it(`refuses nesting deeper than ${MAX_NESTING_DEPTH} levels and accepts it at the limit`, () => {
    const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
    expect(scanJsonShape(`{"x":${nested(MAX_NESTING_DEPTH - 1)}}`, limits)).toBeNull();
    const violation = scanJsonShape(`{"x":${nested(MAX_NESTING_DEPTH)}}`, limits);
    expect(violation).toEqual({ kind: 'depth', field: `x${'[0]'.repeat(MAX_NESTING_DEPTH - 1)}`, limit: MAX_NESTING_DEPTH });
  });

  it('accepts every event of the fixtures', () => {
    for (const file of eventFixtures()) {
      expect({ file: file.file, violation: scanJsonShape(file.text, { maxArrayElements: 10000 }) }).toEqual({ file: file.file, violation: null });
    }
  });
});
