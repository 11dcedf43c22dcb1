import { datasetId, parseNamespace } from '../../src/openlineage/dataset-identity';
import { LoggedEvent } from '../../src/log/logged-event';
import { mergeChanges, projectEvent } from '../../src/projection/project-event';
import { fixture } from '../support/fixtures';

function input(relative: string, eventId = '1'): LoggedEvent {
  const event = fixture(relative).json as Record<string, unknown>;
  const job = event.job as { namespace?: string; name?: string } | undefined;
  return {
    eventId,
    kind: 'run' in event ? 'run' : 'job' in event ? 'job' : 'dataset',
    eventType: (event.eventType as string | undefined) ?? null,
    eventTime: new Date(event.eventTime as string),
    runId: (event.run as { runId?: string } | undefined)?.runId ?? null,
    jobNamespace: job?.namespace ?? null,
    jobName: job?.name ?? null,
    payload: event,
  };
}

describe('parseNamespace', () => {
  it.each([
    ['trino://host:8080', 'trino', 'host:8080'],
    ['s3://bucket', 's3', 'bucket'],
    ['s3a://bucket/path/x', 's3a', 'bucket'],
    ['kafka://kafka:9094', 'kafka', 'kafka:9094'],
    ['aws:glue:us-west-2:123456789012', 'aws', null],
    ['bigquery', 'bigquery', null],
    ['food_delivery', 'food_delivery', null],
    ['file://', 'file', null],
  ])('%s -> %s, %s', (namespace, scheme, authority) => {
    expect(parseNamespace(namespace)).toEqual({ scheme, authority });
  });
});

describe('projectEvent', () => {
  it('takes Trino CTAS input and output with roles', () => {
    const changes = projectEvent(input('trino/ctas-complete.json'));
    const roles = changes.eventDatasets.map((e) => [changes.datasets.find((d) => d.id === e.datasetId)!.name, e.role]);
    expect(roles).toEqual([
      ['tpch.sf1.orders', 'input'],
      ['lake.sales.order_totals', 'output'],
    ]);
    expect(changes.namespaces.map((n) => n.name)).toContain('trino://trino.analytics.test:8080');
  });

  it('expands symlinks into symlink datasets linked to the dataset that declared them', () => {
    const changes = projectEvent(input('spark/insert-complete.json'));
    const symlinks = changes.datasets.filter((d) => d.kind === 'symlink');
    expect(symlinks.map((s) => [s.namespace, s.name])).toEqual([['hive://metastore:9083', 'sales.orders_clean']]);
    expect(changes.symlinks).toHaveLength(1);
    for (const link of changes.symlinks) {
      expect(changes.datasets.find((d) => d.id === link.datasetId)!.kind).toBe('dataset');
      expect(symlinks.map((s) => s.id)).toContain(link.symlinkDatasetId);
    }
  });

  it('projects a dataset event with role dataset, and nothing for an event without datasets', () => {
    const changes = projectEvent(input('python-client/dataset-event.json'));
    expect(changes.eventDatasets.map((e) => e.role)).toEqual(['dataset']);
    expect(projectEvent(input('trino/ctas-start.json')).datasets).toEqual([]);
  });

  it('derives the same id for the same dataset everywhere', () => {
    expect(datasetId('a', 'b')).toBe(datasetId('a', 'b'));
    expect(datasetId('a:b', 'c')).not.toBe(datasetId('a', 'b:c'));
  });
});

describe('mergeChanges', () => {
  it('is independent of order: min first seen, max last seen, dataset beats symlink', () => {
    const early = projectEvent({ ...input('python-client/run-complete.json', '5'), eventTime: new Date('2020-01-01T00:00:00Z') });
    const late = projectEvent({ ...input('python-client/run-complete.json', '9'), eventTime: new Date('2021-01-01T00:00:00Z') });
    const forward = mergeChanges([early, late]);
    const backward = mergeChanges([late, early]);
    expect(forward).toEqual(backward);
    expect(forward.datasets[0].firstSeenAt.toISOString()).toBe('2020-01-01T00:00:00.000Z');
    expect(forward.datasets[0].lastSeenAt.toISOString()).toBe('2021-01-01T00:00:00.000Z');
    expect(forward.datasets[0].firstEventId).toBe('5');
    const ids = forward.datasets.map((d) => d.id);
    expect(ids).toEqual([...ids].sort());
  });
});
