import { EventBuilder, validateEvent } from '../../../src';
import { sqlLineage, type SqlLineageOptions } from '../../../src/sql';
import type { ColumnLineageFacet, InputField } from '../../../src/sql/types';
import { CASES, type SqlCase } from './cases';

const NAMESPACE = { trino: 'trino://trino:8080', postgres: 'postgres://db:5432' };

function optionsFor(testCase: SqlCase): SqlLineageOptions {
  const namespace = NAMESPACE[testCase.dialect];
  return {
    dialect: testCase.dialect,
    namespace,
    ...(testCase.dialect === 'trino' ? { defaultCatalog: 'hive', defaultSchema: 'sales' } : { defaultCatalog: 'shop' }),
    ...(testCase.schemas ? { schemaProvider: ({ name }) => testCase.schemas![name] } : {}),
  };
}

const edges = (inputs: InputField[]) =>
  inputs
    .flatMap((input) =>
      input.transformations.map((t) => `${input.name}.${input.field} ${t.type}/${t.subtype}${t.masking ? ' masked' : ''}`),
    )
    .sort();

const readable = (facet: ColumnLineageFacet) => ({
  fields: Object.fromEntries(Object.entries(facet.fields).map(([field, { inputFields }]) => [field, edges(inputFields)])),
  dataset: edges(facet.dataset),
});

describe('sqlLineage: exact lineage of each SQL case', () => {
  test.each(CASES.map((testCase) => [testCase.name, testCase] as const))('%s', async (_name, testCase) => {
    const lineage = await sqlLineage(testCase.sql, optionsFor(testCase));

    expect(lineage.inputs.map((dataset) => dataset.name)).toEqual([...testCase.inputs].sort());
    expect(lineage.outputs.map((dataset) => dataset.name)).toEqual(testCase.outputs);
    for (const dataset of [...lineage.inputs, ...lineage.outputs]) expect(dataset.namespace).toBe(NAMESPACE[testCase.dialect]);

    if (testCase.fields === undefined) {
      expect(lineage.columnLineage).toBeUndefined();
    } else if (testCase.fields === null) {
      expect(lineage.columnLineage).toBeUndefined();
      expect(lineage.outputs[0].facets).toBeUndefined();
      expect(lineage.warnings.length).toBeGreaterThan(0);
    } else {
      const expected = {
        fields: Object.fromEntries(Object.entries(testCase.fields).map(([field, list]) => [field, [...list].sort()])),
        dataset: [...(testCase.dataset ?? [])].sort(),
      };
      expect(lineage.columnLineage && readable(lineage.columnLineage)).toEqual(expected);
      expect(lineage.outputs[0].facets?.columnLineage).toBe(lineage.columnLineage);
    }
  });
});

describe('sqlLineage: the facet and the result around it', () => {
  test('every case with column lineage makes a run event that validates against the spec schemas', async () => {
    const builder = new EventBuilder({ producer: 'https://example.com/test' });
    const withLineage = CASES.filter((testCase) => testCase.fields);
    expect(withLineage).toHaveLength(32);
    for (const testCase of withLineage) {
      const lineage = await sqlLineage(testCase.sql, optionsFor(testCase));
      const event = builder.runEvent({
        eventType: 'COMPLETE',
        run: { runId: '0190c5d2-2222-7000-8000-000000000001' },
        job: { namespace: 'test', name: testCase.name },
        inputs: lineage.inputs,
        outputs: lineage.outputs.map(({ namespace, name, facets }) => ({ namespace, name, facets })),
      });
      expect([testCase.name, validateEvent(event)]).toEqual([testCase.name, { valid: true, problems: [] }]);
    }
  });

  test('the facet names its producer and the 1-2-0 schema, and every input field its namespace', async () => {
    const lineage = await sqlLineage('CREATE TABLE s.t AS SELECT id FROM s.o WHERE x > 1', {
      dialect: 'trino',
      namespace: 'trino://trino:8080',
      defaultCatalog: 'hive',
      producer: 'https://example.com/my-app',
    });
    expect(lineage.columnLineage).toEqual({
      _producer: 'https://example.com/my-app',
      _schemaURL: 'https://openlineage.io/spec/facets/1-2-0/ColumnLineageDatasetFacet.json#/$defs/ColumnLineageDatasetFacet',
      fields: {
        id: {
          inputFields: [
            {
              namespace: 'trino://trino:8080',
              name: 'hive.s.o',
              field: 'id',
              transformations: [{ type: 'DIRECT', subtype: 'IDENTITY', masking: false }],
            },
          ],
        },
      },
      dataset: [
        {
          namespace: 'trino://trino:8080',
          name: 'hive.s.o',
          field: 'x',
          transformations: [{ type: 'INDIRECT', subtype: 'FILTER', masking: false }],
        },
      ],
    });
  });

  test('a name part with no default is left out rather than guessed', async () => {
    const lineage = await sqlLineage('INSERT INTO t (a) SELECT a FROM s.u', { dialect: 'trino', namespace: 'trino://x:1' });
    expect(lineage.outputs.map((o) => o.name)).toEqual(['t']);
    expect(lineage.inputs.map((i) => i.name)).toEqual(['s.u']);
  });

  test('several statements: every table, and each output its own facet', async () => {
    const lineage = await sqlLineage(
      'INSERT INTO a (x) SELECT x FROM src; INSERT INTO b (y) SELECT y FROM src; SET search_path = public',
      { dialect: 'postgres', namespace: 'postgres://db:5432', defaultCatalog: 'shop' },
    );
    expect(lineage.inputs.map((i) => i.name)).toEqual(['shop.public.src']);
    expect(lineage.outputs.map((o) => [o.name, Object.keys(o.facets!.columnLineage.fields)])).toEqual([
      ['shop.public.a', ['x']],
      ['shop.public.b', ['y']],
    ]);
    expect(lineage.columnLineage).toBeUndefined();
  });

  test.each([['SET statement_timeout = 0'], ['BEGIN'], ['SELECT 1'], ['COMMIT'], ['SHOW search_path']])(
    '%s touches no table',
    async (sql) => {
      const lineage = await sqlLineage(sql, { dialect: 'postgres', namespace: 'postgres://db:5432' });
      expect([lineage.inputs, lineage.outputs]).toEqual([[], []]);
    },
  );

  test('a schema provider that fails only costs the columns it would have given', async () => {
    const lineage = await sqlLineage('CREATE TABLE t2 AS SELECT * FROM t1', {
      dialect: 'postgres',
      namespace: 'postgres://db:5432',
      defaultCatalog: 'shop',
      schemaProvider: async () => {
        throw new Error('catalog unreachable');
      },
    });
    expect(lineage.inputs.map((i) => i.name)).toEqual(['shop.public.t1']);
    expect(lineage.columnLineage).toBeUndefined();
    expect(lineage.warnings.join('\n')).toContain('catalog unreachable');
  });

  test.each([[''], ['   '], [';;'], ['\u0000'], ['SELECT "unterminated'], ['x'.repeat(10_000)]])(
    'never throws on garbage (%#)',
    async (sql) => {
      const lineage = await sqlLineage(sql, { dialect: 'trino', namespace: 'trino://x:1' });
      expect(lineage.columnLineage).toBeUndefined();
    },
  );
});
