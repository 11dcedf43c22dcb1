import { eventNamesNamespace } from '../../src/openlineage/event-namespaces';
import { decodeExportCursor, encodeExportCursor } from '../../src/read/export/export-cursor';
import { ndjsonLine } from '../../src/read/export/ndjson-line';

describe('an export line', () => {
  it('is the text as received, then a newline', () => {
    const text = '{"a":"x\\ny","b":[1, 2.50]}';
    expect(ndjsonLine(text).toString('utf8')).toBe(`${text}\n`);
  });

  it('has the line breaks of a pretty-printed event as spaces: same length, same JSON value', () => {
    const text = '{\r\n  "name": "é\\r\\n",\n  "n": 1.0\n}';
    const line = ndjsonLine(text);
    expect(line.subarray(0, -1).includes(0x0a)).toBe(false);
    expect(line.includes(0x0d)).toBe(false);
    expect(line.length).toBe(Buffer.byteLength(text) + 1);
    expect(JSON.parse(line.toString('utf8'))).toEqual(JSON.parse(text));
  });
});

describe('the export cursor', () => {
  it('round-trips an event id and refuses anything else', () => {
    expect(decodeExportCursor(encodeExportCursor('12345'))).toBe('12345');
    expect(decodeExportCursor('not-a-cursor')).toBeNull();
    expect(decodeExportCursor(Buffer.from(JSON.stringify(['export', '0'])).toString('base64url'))).toBeNull();
    expect(decodeExportCursor(Buffer.from(JSON.stringify(['other', '5'])).toString('base64url'))).toBeNull();
  });
});

describe('an event names a namespace', () => {
  const event = {
    job: { namespace: 'airflow', name: 'dag.task' },
    inputs: [{ namespace: 'postgres://db:5432', name: 'public.orders' }],
    outputs: [{ namespace: 's3://bucket', name: 'orders' }],
  };
  it.each([
    ['airflow', true],
    ['postgres://db:5432', true],
    ['s3://bucket', true],
    ['s3://other', false],
  ])('%s: %s', (namespace, named) => expect(eventNamesNamespace(event, namespace)).toBe(named));

  it("as a dataset event's dataset, and not through malformed lists", () => {
    expect(eventNamesNamespace({ dataset: { namespace: 'kafka://b', name: 't' } }, 'kafka://b')).toBe(true);
    expect(eventNamesNamespace({ inputs: 'kafka://b', outputs: [null, 3] }, 'kafka://b')).toBe(false);
  });
});
