import { randomUUID } from 'node:crypto';

const NAMESPACE = 'trino://generated:8080';

/**
 * Trino-shaped COMPLETE events over a small pool of tables, so many events touch the same
 * datasets (the contended case), some declaring symlinks.
 */
export function generatedEvents(count: number, tables = 40): object[] {
  const table = (i: number) => ({
    namespace: NAMESPACE,
    name: `hive.gen.t${i % tables}`,
    facets:
      i % 7 === 0
        ? { symlinks: { _producer: 'test', _schemaURL: 'test', identifiers: [{ namespace: 's3://gen', name: `/warehouse/t${i % tables}`, type: 'TABLE' }] } }
        : {},
  });
  return Array.from({ length: count }, (_, i) => ({
    eventTime: new Date(Date.UTC(2026, 0, 1) + ((i * 7919) % count) * 1000).toISOString(),
    eventType: 'COMPLETE',
    producer: 'https://github.com/trinodb/trino/plugin/trino-openlineage',
    schemaURL: 'https://openlineage.io/spec/2-0-2/OpenLineage.json#/$defs/RunEvent',
    run: { runId: randomUUID() },
    job: { namespace: NAMESPACE, name: `query_${i}` },
    inputs: [table(i), table(i * 3 + 1)],
    outputs: [table(i * 5 + 2)],
  }));
}
