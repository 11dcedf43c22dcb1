import {
  findUnstorableText,
  MAX_IDENTIFIER_BYTES,
  MAX_REPORTED_ERRORS,
  normalizeEventTime,
  validateEnvelope,
} from '../../src/openlineage/event-envelope';
import { eventFixtures, facetViolationFixtures, fixture, invalidFixtures } from '../support/fixtures';

const RUN_ID = '019f6545-d1ae-79a2-b499-a967589475b2';
const base = () => ({
  eventTime: '2026-07-15T10:15:03.911Z',
  eventType: 'START',
  producer: 'https://example.com/producer',
  run: { runId: RUN_ID },
  job: { namespace: 'trino://host:8080', name: 'query_1' },
});

function fields(value: unknown): string[] {
  const result = validateEnvelope(value);
  return result.ok ? [] : result.errors.map((e) => e.field);
}

describe('validateEnvelope', () => {
  it('accepts every event of the fixtures', () => {
    for (const file of eventFixtures()) {
      const events = Array.isArray(file.json) ? file.json : [file.json];
      for (const event of events) {
        const result = validateEnvelope(event);
        expect({ file: file.file, errors: result.ok ? [] : result.errors }).toEqual({ file: file.file, errors: [] });
      }
    }
  });

  it('classifies by structure, not by eventType or schemaURL', () => {
    const jobEvent = validateEnvelope(fixture('python-client/job-event.json').json);
    expect(jobEvent.ok && jobEvent.event.kind).toBe('job');
    const datasetEvent = validateEnvelope(fixture('python-client/dataset-event.json').json);
    expect(datasetEvent.ok && datasetEvent.event.kind).toBe('dataset');
    const runWithDataset = validateEnvelope(fixture('edge-cases/run-event-with-dataset-key.json').json);
    expect(runWithDataset.ok && runWithDataset.event.kind).toBe('run');
  });

  it('takes a time without offset as UTC and keeps microseconds', () => {
    expect(normalizeEventTime('2020-12-28T19:51:01.641499')).toBe('2020-12-28T19:51:01.641499Z');
    expect(normalizeEventTime('2020-12-28T19:51:01.641499123+10:00')).toBe('2020-12-28T19:51:01.641499+10:00');
    expect(normalizeEventTime('2020-12-28T19:51')).toBe('2020-12-28T19:51:00Z');
  });

  it.each([
    ['not a date', 'yesterday'],
    ['date only', '2020-01-01'],
    ['month 13', '2020-13-01T00:00:00Z'],
    ['February 30', '2021-02-30T00:00:00Z'],
    ['hour 24', '2020-01-01T24:00:00Z'],
    ['year 0 once the offset is applied', '0001-01-01T00:00:00+15:00'],
    ['year 10000 once the offset is applied', '9999-12-31T23:30:00-01:00'],
  ])('rejects eventTime: %s', (_label, time) => {
    expect(fields({ ...base(), eventTime: time })).toEqual(['eventTime']);
  });

  it.each([
    ['a non-UUID runId', { run: { runId: 'abc' } }, ['run.runId']],
    ['a missing runId', { run: {} }, ['run.runId']],
    ['a missing job name', { job: { namespace: 'ns' } }, ['job.name']],
    ['a missing job namespace', { job: { name: 'n' } }, ['job.namespace']],
    ['an empty job name', { job: { namespace: 'ns', name: ' ' } }, ['job.name']],
    ['an unknown eventType', { eventType: 'FINISHED' }, ['eventType']],
    ['inputs that are not an array', { inputs: { namespace: 'a', name: 'b' } }, ['inputs']],
    ['an input without a name', { inputs: [{ namespace: 'a' }] }, ['inputs[0].name']],
    ['a run facet that is not an object', { run: { runId: RUN_ID, facets: { nominalTime: 'x' } } }, ['run.facets.nominalTime']],
    ['job facets that are an array', { job: { namespace: 'a', name: 'b', facets: [] } }, ['job.facets']],
    ['an output dataset facet that is null', { outputs: [{ namespace: 'a', name: 'b', facets: { schema: null } }] }, ['outputs[0].facets.schema']],
    ['an input facet that is a number', { inputs: [{ namespace: 'a', name: 'b', inputFacets: { x: 1 } }] }, ['inputs[0].inputFacets.x']],
    ['a producer that is not a string', { producer: 42 }, ['producer']],
  ])('rejects %s and names the field', (_label, patch, expected) => {
    expect(fields({ ...base(), ...patch })).toEqual(expected);
  });

  it('rejects a namespace or name longer than an index entry can hold', () => {
    const long = 'x'.repeat(MAX_IDENTIFIER_BYTES + 1);
    expect(fields({ ...base(), job: { namespace: long, name: 'n' } })).toEqual(['job.namespace']);
    expect(fields({ ...base(), outputs: [{ namespace: 'a', name: long }] })).toEqual(['outputs[0].name']);
    expect(fields({ ...base(), job: { namespace: 'ns', name: 'é'.repeat(MAX_IDENTIFIER_BYTES / 2 + 1) } })).toEqual(['job.name']);
  });

  it('accepts the first and last instants of years 1 to 9999', () => {
    expect(normalizeEventTime('0001-01-01T00:00:00Z')).toBe('0001-01-01T00:00:00Z');
    expect(normalizeEventTime('0001-01-01T00:00:00-15:00')).toBe('0001-01-01T00:00:00-15:00');
    expect(normalizeEventTime('9999-12-31T23:59:59.999999Z')).toBe('9999-12-31T23:59:59.999999Z');
  });

  it('rejects a dataset whose scheme, namespace and name together overflow the dataset index', () => {
    const long = 'x'.repeat(MAX_IDENTIFIER_BYTES);
    // A scheme-less namespace is its own scheme: 1,000 + 1,000 + 1,000 bytes.
    expect(fields({ ...base(), outputs: [{ namespace: long, name: long }] })).toEqual(['outputs[0]']);
    // With a scheme, the same lengths fit.
    expect(fields({ ...base(), outputs: [{ namespace: `s3://${long.slice(5)}`, name: long }] })).toEqual([]);
  });

  it(`lists at most ${MAX_REPORTED_ERRORS} errors and counts the others`, () => {
    const inputs = Array.from({ length: 500 }, () => ({}));
    const result = validateEnvelope({ ...base(), inputs });
    expect(result.ok).toBe(false);
    const errors = result.ok ? [] : result.errors;
    expect(errors).toHaveLength(MAX_REPORTED_ERRORS + 1);
    // Each input lacks a namespace and a name: 1,000 errors, 10 listed.
    expect(errors[MAX_REPORTED_ERRORS]).toEqual({ field: '$', message: `and ${1000 - MAX_REPORTED_ERRORS} more error(s) not listed` });
  });

  it('rejects a body that is not an event', () => {
    expect(fields([])).toEqual(['$']);
    expect(fields('x')).toEqual(['$']);
    expect(fields({ eventTime: '2020-01-01T00:00:00Z' })).toEqual(['$']);
  });

  it('rejects the envelope-broken fixtures naming the field, and accepts the facet violations as stored-as-sent', () => {
    expect(Object.fromEntries(invalidFixtures().map((f) => [f.file, fields(f.json)]))).toEqual({
      'invalid/event-time-not-a-time.json': ['eventTime'],
      'invalid/job-without-name.json': ['job.name'],
      'invalid/no-run-id.json': ['run.runId'],
      'invalid/output-without-namespace.json': ['outputs[0].namespace'],
    });
    const violations = facetViolationFixtures();
    expect(violations).toHaveLength(3);
    for (const file of violations) expect({ file: file.file, fields: fields(file.json) }).toEqual({ file: file.file, fields: [] });
  });

  it('accepts Trino FAIL whose errorMessage lacks programmingLanguage', () => {
    const result = validateEnvelope(fixture('trino/insert-fail.json').json);
    expect(result.ok && result.event.eventType).toBe('FAIL');
  });
});

describe('findUnstorableText', () => {
  it('finds U+0000 and unpaired surrogates in values and keys, with the path', () => {
    expect(findUnstorableText({ a: [{ b: 'x\u0000y' }] })?.field).toBe('a[0].b');
    expect(findUnstorableText({ run: { facets: { ['k\u0000']: {} } } })?.field).toBe('run.facets.k\u0000');
    expect(findUnstorableText({ a: 'x\ud800y' })?.message).toContain('unpaired UTF-16 surrogate');
    expect(findUnstorableText({ a: 'x\udc00' })?.field).toBe('a');
    expect(findUnstorableText({ a: 'fine \ud83d\udd77', b: [1, null, true] })).toBeNull();
  });
});
