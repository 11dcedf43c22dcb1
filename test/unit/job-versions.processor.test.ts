import { jobId, jobVersionId } from '../../src/openlineage/job-identity';
import { processEvents } from '../../src/projection/pipeline';
import { RowOf, TableName } from '../../src/projection/tables';
import { fixture } from '../support/fixtures';
import { logged } from '../support/logged-event';

const of = <T extends TableName>(event: Record<string, any>, table: T): Array<RowOf<T>> => processEvents([logged(event)])[table] as Array<RowOf<T>>;

const RUN = '0195f8b0-0000-7000-8000-0000000000c1';
const ds = (namespace: string, name: string) => ({ namespace, name });
const run = (eventType: string, extra: Record<string, any> = {}) => ({
  eventType,
  eventTime: '2026-01-01T00:00:00Z',
  producer: 'test',
  run: { runId: RUN },
  job: { namespace: 'ns', name: 'job' },
  ...extra,
});
const location = (url: unknown) => ({ namespace: 'ns', name: 'job', facets: { sourceCodeLocation: { type: 'git', url } } });

describe('job versions processor', () => {
  it('gives a Trino CTAS COMPLETE one version: its job, inputs, outputs and no location; the run finishes as it', () => {
    const event = fixture('trino/ctas-complete.json').json as Record<string, any>;
    const [version] = of(event, 'job_versions');
    const trino = 'trino://trino.analytics.test:8080';
    expect(version).toEqual({
      id: jobVersionId(trino, event.job.name, [ds(trino, 'tpch.sf1.orders')], [ds(trino, 'lake.sales.order_totals')], null),
      jobId: jobId(trino, event.job.name),
      inputs: [ds(trino, 'tpch.sf1.orders')],
      outputs: [ds(trino, 'lake.sales.order_totals')],
      location: null,
      firstSeenAt: new Date(event.eventTime),
      firstEventId: '1',
      firstRunId: event.run.runId.toLowerCase(),
      lastSeenAt: new Date(event.eventTime),
      lastEventId: '1',
      lastRunId: event.run.runId.toLowerCase(),
    });
    expect(of(event, 'runs').map((r) => [r.id, r.jobVersionId])).toEqual([[event.run.runId.toLowerCase(), version.id]]);
  });

  it('versions only terminal run events: not START, RUNNING, OTHER or a job event', () => {
    const inputs = [ds('db', 'a')];
    for (const type of ['START', 'RUNNING', 'OTHER']) {
      expect(of(run(type, { inputs }), 'job_versions')).toEqual([]);
      expect(of(run(type, { inputs }), 'runs').map((r) => r.jobVersionId)).toEqual([null]);
    }
    const jobEvent = { eventTime: '2026-01-01T00:00:00Z', producer: 'test', job: { namespace: 'ns', name: 'job' }, inputs };
    expect(of(jobEvent, 'job_versions')).toEqual([]);
    for (const type of ['COMPLETE', 'FAIL', 'ABORT']) expect(of(run(type, { inputs }), 'job_versions')).toHaveLength(1);
  });

  it('a finished run without inputs or outputs still has a version, as in Marquez', () => {
    expect(of(run('FAIL', { inputs: [], outputs: [] }), 'job_versions').map((v) => [v.inputs, v.outputs])).toEqual([[[], []]]);
  });

  it('sorts inputs and outputs by namespace then name and drops repeats: the listing order does not matter', () => {
    const a = of(run('COMPLETE', { inputs: [ds('b', 'x'), ds('a', 'y'), ds('a', 'x'), ds('b', 'x')], outputs: [ds('o', '2'), ds('o', '1')] }), 'job_versions');
    const b = of(run('COMPLETE', { inputs: [ds('a', 'x'), ds('b', 'x'), ds('a', 'y')], outputs: [ds('o', '1'), ds('o', '2')] }), 'job_versions');
    expect(a[0].inputs).toEqual([ds('a', 'x'), ds('a', 'y'), ds('b', 'x')]);
    expect(a[0].outputs).toEqual([ds('o', '1'), ds('o', '2')]);
    expect(a[0].id).toBe(b[0].id);
  });

  it('changes with an input, with an input becoming an output, and with the source code location', () => {
    const id = (extra: Record<string, any>) => of(run('COMPLETE', extra), 'job_versions')[0].id;
    const base = id({ inputs: [ds('db', 'a')], outputs: [ds('db', 'b')] });
    expect(id({ inputs: [ds('db', 'a'), ds('db', 'c')], outputs: [ds('db', 'b')] })).not.toBe(base);
    expect(id({ inputs: [], outputs: [ds('db', 'a'), ds('db', 'b')] })).not.toBe(base);
    const located = id({ job: location('https://git.example.com/a.py'), inputs: [ds('db', 'a')], outputs: [ds('db', 'b')] });
    expect(located).not.toBe(base);
    expect(id({ job: location('https://git.example.com/b.py'), inputs: [ds('db', 'a')], outputs: [ds('db', 'b')] })).not.toBe(located);
  });

  it('reads the location from the event, and none from a deleted or malformed sourceCodeLocation', () => {
    const locationOf = (job: unknown) => of(run('COMPLETE', { job }), 'job_versions')[0].location;
    expect(locationOf(location('https://git.example.com/a.py'))).toBe('https://git.example.com/a.py');
    expect(locationOf(location(42))).toBeNull();
    expect(locationOf({ namespace: 'ns', name: 'job', facets: { sourceCodeLocation: { _deleted: true } } })).toBeNull();
  });

  it('keeps ids apart where joining the parts with ":" (as Marquez does) would not', () => {
    expect(jobVersionId('a:b', 'c', [], [], null)).not.toBe(jobVersionId('a', 'b:c', [], [], null));
    expect(jobVersionId('ns', 'job', [ds('x', 'y:z')], [], null)).not.toBe(jobVersionId('ns', 'job', [ds('x:y', 'z')], [], null));
  });
});
