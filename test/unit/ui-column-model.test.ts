/** The web UI's pure parts for reading names and column lineage: middle ellipsis, totals, SQL trimming, columns grouped by table and a column's path. */
import type { FieldData, LineageNode } from '../../web/src/api/types';
import { formatTotal, middleEllipsis } from '../../web/src/components/format';
import { columnModel, fieldNodeId, pathOf, transformationLabel } from '../../web/src/lineage/column-model';
import { graphModel } from '../../web/src/lineage/graph-model';
import { trimSql } from '../../web/src/components/sql-text';

const NS = 's3://raw';

describe('middleEllipsis', () => {
  it('keeps a short name whole', () => {
    expect(middleEllipsis('orders', 20)).toBe('orders');
  });

  it('cuts the middle of a long name, keeping its distinguishing end from a dot', () => {
    const cut = middleEllipsis('DEMO_DB.public.jaffle_shop.customers', 24);
    expect(cut).toHaveLength(24);
    expect(cut).toBe('DEMO_DB.public…customers');
    expect(middleEllipsis('DEMO_DB.public.jaffle_shop.orders', 24)).not.toBe(cut);
  });
});

describe('formatTotal', () => {
  it('writes an exact count with separators, and the cap as "10,000+"', () => {
    expect(formatTotal(1234)).toBe('1,234');
    expect(formatTotal(10000)).toBe('10,000+');
    expect(formatTotal(10000, Infinity)).toBe('10,000');
  });
});

describe('trimSql', () => {
  it('drops the blank lines around the query and the indentation every line shares', () => {
    expect(trimSql('\n\n    select a\n      from t\n    where b\n\n')).toBe('select a\n  from t\nwhere b');
  });
});

function field(dataset: string, name: string, inputs: Array<{ dataset: string; field: string; type?: string; subtype?: string }> = []): LineageNode {
  const data: FieldData = {
    namespace: NS,
    dataset,
    datasetVersion: null,
    field: name,
    fieldType: 'int',
    transformationDescription: null,
    transformationType: null,
    inputFields: inputs.map((i) => ({
      namespace: NS,
      dataset: i.dataset,
      datasetVersion: null,
      field: i.field,
      transformationDescription: null,
      transformationType: i.type ?? null,
      transformationSubtype: i.subtype ?? null,
      masking: false,
    })),
  };
  const id = fieldNodeId(NS, dataset, name);
  return { id, type: 'DATASET_FIELD', data, inEdges: inputs.map((i) => ({ origin: id, destination: fieldNodeId(NS, i.dataset, i.field) })), outEdges: [] };
}

describe('columnModel', () => {
  // raw.a -> clean.a (DIRECT IDENTITY) -> mart.total (DIRECT AGGREGATION); raw.status filters clean as a whole, declared only.
  const graph = {
    graph: [
      field('raw', 'a'),
      field('raw', 'b'),
      field('clean', 'a', [{ dataset: 'raw', field: 'a', type: 'DIRECT', subtype: 'IDENTITY' }]),
      field('mart', 'total', [{ dataset: 'clean', field: 'a', type: 'DIRECT', subtype: 'AGGREGATION' }]),
    ],
    datasetDependencies: [
      {
        namespace: NS,
        dataset: 'clean',
        input: { namespace: NS, dataset: 'raw', field: 'status' },
        transformationType: 'INDIRECT',
        transformationSubtype: 'FILTER',
        transformationDescription: null,
        masking: null,
        source: 'declared' as const,
      },
    ],
  };
  const model = columnModel(graphModel(graph, `dataset:${NS}:clean`), graph);

  it('puts each column in its table, and a dataset-level input column in its own', () => {
    expect(model.tables.map((t) => [t.name, t.columns.map((c) => c.field)])).toEqual([
      ['raw', ['a', 'b', 'status']],
      ['clean', ['a']],
      ['mart', ['total']],
    ]);
  });

  it('carries each link’s transformation, and the dataset-level one to the whole table, marked declared', () => {
    const labels = Object.fromEntries(model.links.map((l) => [l.id, transformationLabel(l)]));
    expect(labels).toEqual({
      [`${fieldNodeId(NS, 'raw', 'a')}->${fieldNodeId(NS, 'clean', 'a')}`]: 'DIRECT · IDENTITY',
      [`${fieldNodeId(NS, 'clean', 'a')}->${fieldNodeId(NS, 'mart', 'total')}`]: 'DIRECT · AGGREGATION',
      [`${fieldNodeId(NS, 'raw', 'status')}->dataset:${NS}:clean`]: 'declared · whole table · INDIRECT · FILTER',
    });
  });

  it('lights a column’s path both ways, with the dataset-level inputs of its table', () => {
    const path = pathOf(fieldNodeId(NS, 'clean', 'a'), model);
    expect([...path.nodes].sort()).toEqual([fieldNodeId(NS, 'clean', 'a'), fieldNodeId(NS, 'mart', 'total'), fieldNodeId(NS, 'raw', 'a'), fieldNodeId(NS, 'raw', 'status')].sort());
    expect(path.links.size).toBe(3);
    expect(pathOf(fieldNodeId(NS, 'raw', 'b'), model).links.size).toBe(0);
  });
});
