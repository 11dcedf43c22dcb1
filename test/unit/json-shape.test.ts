import { JsonShapeScanner, ShapeLimits, ShapeViolation } from '../../src/ingest/json-shape';
import { MAX_NESTING_DEPTH } from '../../src/openlineage/event-envelope';
import { eventFixtures } from '../support/fixtures';

const limits = { maxArrayElements: 1000 };
const batchLimits = { maxArrayElements: 1000, maxTopLevelElements: 1000 };
const zeros = (count: number) => `[${new Array(count).fill('0').join(',')}]`;

/** Feeds `text` to a scanner in chunks of `chunkBytes`, as a request body arrives. */
function scan(text: string, shapeLimits: ShapeLimits, chunkBytes = 65536): { violation: ShapeViolation | null; scanner: JsonShapeScanner; bytes: Buffer } {
  const bytes = Buffer.from(text);
  const scanner = new JsonShapeScanner(shapeLimits);
  for (let i = 0; i < bytes.length; i += chunkBytes) {
    const violation = scanner.write(bytes.subarray(i, i + chunkBytes));
    if (violation) return { violation, scanner, bytes };
  }
  return { violation: scanner.end(), scanner, bytes };
}

/** The batch's elements as the scanner delimits them, fed whole and one byte at a time (both must agree). */
function elementTexts(text: string): string[] {
  const texts = [text.length, 1].map((chunkBytes) => {
    const { violation, scanner, bytes } = scan(text, batchLimits, chunkBytes);
    expect(violation).toBeNull();
    return scanner.elementBounds().map(([start, end]) => bytes.subarray(start, end).toString('utf8'));
  });
  expect(texts[1]).toEqual(texts[0]);
  return texts[0];
}

describe('JsonShapeScanner', () => {
  it('names the first array longer than the limit from the first chunk that crosses it, without reading the rest', () => {
    const bytes = Buffer.from(`{"run":{"facets":{"x":{"values":${zeros(1_000_000)}}}},"job":{}}`);
    const scanner = new JsonShapeScanner(limits);
    let read = 0;
    let violation: ShapeViolation | null = null;
    while (read < bytes.length && !violation) {
      violation = scanner.write(bytes.subarray(read, read + 4096));
      read += 4096;
    }
    expect(violation).toEqual({ kind: 'array', field: 'run.facets.x.values', limit: 1000 });
    // The 1,001st element ends within the first 4 KiB of the 2 MB body: parsing would build all million.
    expect(read).toBe(4096);
  });

  it('refuses a body as soon as a chunk crosses a limit, without the rest of the body', () => {
    const bytes = Buffer.from(zeros(1_000_000));
    const scanner = new JsonShapeScanner(batchLimits);
    // 1,001 elements are 2,002 bytes: the first 4 KiB chunk crosses the batch limit.
    expect(scanner.write(bytes.subarray(0, 4096))).toEqual({ kind: 'batch', limit: 1000 });
  });

  it('accepts an array of exactly the limit, and names array positions in the path', () => {
    expect(scan(`{"inputs":${zeros(1000)}}`, limits).violation).toBeNull();
    const text = `{"inputs":[{"n":1},{"facets":{"schema":{"fields":${zeros(1001)}}}}]}`;
    expect(scan(text, limits).violation).toEqual({ kind: 'array', field: 'inputs[1].facets.schema.fields', limit: 1000 });
  });

  it('gives a top-level array its own limit (a batch)', () => {
    expect(scan(zeros(11), { maxArrayElements: 1000, maxTopLevelElements: 10 }).violation).toEqual({ kind: 'batch', limit: 10 });
    expect(scan(zeros(10), { maxArrayElements: 1000, maxTopLevelElements: 10 }).violation).toBeNull();
    expect(scan(`[{"inputs":${zeros(11)}}]`, { maxArrayElements: 10, maxTopLevelElements: 10 }).violation).toEqual({
      kind: 'array',
      field: '$[0].inputs',
      limit: 10,
    });
  });

  it('is not fooled by brackets, commas and escaped quotes inside strings, whatever the chunks', () => {
    const text = `{"a\\\\":"[,,,]\\"[,,","b":["x,y,z","\\\\",","]}`;
    expect(JSON.parse(text)).toEqual({ 'a\\': '[,,,]"[,,', b: ['x,y,z', '\\', ','] });
    for (const chunkBytes of [1, 2, 3, 7, text.length]) {
      expect(scan(text, { maxArrayElements: 3 }, chunkBytes).violation).toBeNull();
      expect(scan(text, { maxArrayElements: 2 }, chunkBytes).violation).toEqual({ kind: 'array', field: 'b', limit: 2 });
    }
  });

  it('names keys split across chunks', () => {
    const text = `{"inputs":[{"facets":{"schéma":${zeros(3)}}}]}`;
    for (const chunkBytes of [1, 5, text.length]) {
      expect(scan(text, { maxArrayElements: 2 }, chunkBytes).violation).toEqual({ kind: 'array', field: 'inputs[0].facets.schéma', limit: 2 });
    }
  });

  it(`refuses nesting deeper than ${MAX_NESTING_DEPTH} levels and accepts it at the limit`, () => {
    const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
    expect(scan(`{"x":${nested(MAX_NESTING_DEPTH - 1)}}`, limits).violation).toBeNull();
    const { violation } = scan(`{"x":${nested(MAX_NESTING_DEPTH)}}`, limits);
    expect(violation).toEqual({ kind: 'depth', field: `x${'[0]'.repeat(MAX_NESTING_DEPTH - 1)}`, limit: MAX_NESTING_DEPTH });
  });

  it('accepts every event of the fixtures', () => {
    for (const file of eventFixtures()) {
      expect({ file: file.file, violation: scan(file.text, { maxArrayElements: 10000 }).violation }).toEqual({ file: file.file, violation: null });
    }
  });

  describe('a batch', () => {
    it("delimits each element's exact text", () => {
      const text = ' [ {"a": [1, 2], "s": "x,]}\\"{["} ,\n"plain" ,3.50 ,[ ] ,{ "b" : 1 }\n] ';
      const texts = elementTexts(text);
      expect(texts).toEqual(['{"a": [1, 2], "s": "x,]}\\"{["}', '"plain"', '3.50', '[ ]', '{ "b" : 1 }']);
      expect(texts.map((t) => JSON.parse(t))).toEqual(JSON.parse(text));
    });

    it('delimits nothing in an empty array, and keeps multi-byte characters intact', () => {
      expect(elementTexts('[]')).toEqual([]);
      expect(elementTexts(' [ \n ] ')).toEqual([]);
      expect(elementTexts('[{"n":"ö✓😀"},"ö"]')).toEqual(['{"n":"ö✓😀"}', '"ö"']);
    });

    it('must be an array', () => {
      expect(scan(' {"eventType":"START"}', batchLimits).violation).toEqual({ kind: 'not-array' });
      expect(scan('"[1]"', batchLimits).violation).toEqual({ kind: 'not-array' });
    });

    it('refuses punctuation JSON does not allow between events, so that no element hides another', () => {
      const syntax = (text: string) => scan(text, batchLimits, 1).violation?.kind;
      expect(syntax('[1,,2]')).toBe('syntax');
      expect(syntax('[,1]')).toBe('syntax');
      expect(syntax('[1,]')).toBe('syntax');
      expect(syntax('[1] 2')).toBe('syntax');
      expect(syntax('[{"a":1}}, {}]')).toBe('syntax');
      expect(syntax('[{"a":1]')).toBe('syntax');
      expect(syntax('[{"a":1}')).toBe('syntax');
      expect(syntax('[{"a":"1}]')).toBe('syntax');
      // What remains malformed is inside one element, which JSON.parse then refuses.
      expect(elementTexts('[1 2, {"a" 1}]')).toEqual(['1 2', '{"a" 1}']);
    });
  });
});
