/** The web UI's pure parts: how the API's graph becomes boxes and arrows, and how routes sit in the URL. */
import type { DatasetNodeData, FieldData, JobNodeData, LineageNode } from '../../web/src/api/types';
import { downstreamOf, graphModel, MAX_DRAWN } from '../../web/src/lineage/graph-model';
import { parseSearch, stringifySearch } from '../../web/src/search-params';

const NS = 'trino://h:8080';
const T = '2026-07-16T08:00:00.000Z';
const edge = (origin: string, destination: string) => ({ origin, destination });

/** The node data the API sends, whole (the generated types ask for every field). */
function datasetData(name: string): DatasetNodeData {
  return {
    type: 'DB_TABLE', name, physicalName: name, createdAt: T, updatedAt: T, namespace: NS, sourceName: NS, fields: [], tags: [], description: null,
    id: { namespace: NS, name }, lastModifiedAt: null, lastLifecycleState: null,
  };
}

function jobData(name: string): JobNodeData {
  return {
    id: { namespace: NS, name }, type: 'BATCH', name, simpleName: name, parentJobName: null, parentJobUuid: null, parentJob: null, currentRunUuid: null,
    createdAt: T, updatedAt: T, namespace: NS, inputs: [], outputs: [], location: null, description: null, latestRun: null, processingType: null,
    integration: null, jobType: null,
  };
}

function fieldData(dataset: string, field: string, fieldType: string): FieldData {
  return { namespace: NS, dataset, datasetVersion: null, field, fieldType, transformationDescription: null, transformationType: null, inputFields: [] };
}

function tableNode(id: string, type: 'DATASET' | 'JOB', name: string, inEdges: [string, string][], outEdges: [string, string][]): LineageNode {
  return { id, type, data: type === 'JOB' ? jobData(name) : datasetData(name), inEdges: inEdges.map(([o, d]) => edge(o, d)), outEdges: outEdges.map(([o, d]) => edge(o, d)) };
}

describe('graphModel', () => {
  it('reads table edges from both sides once each, and drops edges to nodes not in the graph', () => {
    const a = `dataset:${NS}:a`;
    const j = `job:${NS}:j`;
    const b = `dataset:${NS}:b`;
    const model = graphModel(
      {
        graph: [
          tableNode(a, 'DATASET', 'a', [], [[a, j]]),
          tableNode(j, 'JOB', 'j', [[a, j]], [[j, b], [j, `dataset:${NS}:elsewhere`]]),
          tableNode(b, 'DATASET', 'b', [[j, b]], []),
        ],
      },
      a,
    );
    expect(model.boxes.map((box) => [box.kind, box.name])).toEqual([['dataset', 'a'], ['job', 'j'], ['dataset', 'b']]);
    expect(model.arrows.map((arrow) => arrow.id)).toEqual([`${a}->${j}`, `${j}->${b}`]);
    expect(model.cutByServer).toBe(false);
    expect(model.cutByPage).toBeNull();
  });

  it('turns column in-edges around (Marquez: origin is the node itself, destination the upstream field)', () => {
    const f = (ds: string, field: string) => `datasetField:${NS}:${ds}:${field}`;
    const node = (ds: string, field: string, upstream: string[], downstream: string[]): LineageNode => ({
      id: f(ds, field),
      type: 'DATASET_FIELD',
      data: fieldData(ds, field, 'BIGINT'),
      inEdges: upstream.map((u) => edge(f(ds, field), u)),
      outEdges: downstream.map((d) => edge(f(ds, field), d)),
    });
    const model = graphModel({ graph: [node('raw', 'x', [], []), node('clean', 'x', [f('raw', 'x')], [])] }, `dataset:${NS}:clean`);
    expect(model.arrows.map((arrow) => arrow.id)).toEqual([`${f('raw', 'x')}->${f('clean', 'x')}`]);
    expect(model.boxes[1]).toMatchObject({ kind: 'field', name: 'x', dataset: 'clean', detail: 'clean · BIGINT' });
  });

  it('says the store cut the graph, and cuts a graph too large to draw to the nodes nearest the start', () => {
    const hub = `dataset:${NS}:hub`;
    const graph: LineageNode[] = [tableNode(hub, 'DATASET', 'hub', [], [])];
    for (let i = 0; i < MAX_DRAWN + 100; i++) {
      const id = `dataset:${NS}:t${i}`;
      const from = i === 0 ? hub : `dataset:${NS}:t${i - 1}`;
      graph.push(tableNode(id, 'DATASET', `t${i}`, [[from, id]], []));
      graph[graph.length - 2].outEdges.push(edge(from, id));
    }
    const model = graphModel({ graph, truncated: true }, hub);
    expect(model.cutByServer).toBe(true);
    expect(model.cutByPage).toBe(MAX_DRAWN + 101);
    expect(model.boxes.length).toBe(MAX_DRAWN);
    expect(model.boxes.map((box) => box.name).slice(0, 3)).toEqual(['hub', 't0', 't1']); // the chain from the start
    expect(model.boxes.some((box) => box.name === `t${MAX_DRAWN + 99}`)).toBe(false);
  });
});

describe('downstreamOf', () => {
  it('keeps the start boxes and what they reach along the arrows, nothing upstream', () => {
    const f = (ds: string, field: string) => `datasetField:${NS}:${ds}:${field}`;
    const node = (ds: string, field: string, upstream: string[]): LineageNode => ({
      id: f(ds, field),
      type: 'DATASET_FIELD',
      data: fieldData(ds, field, 'BIGINT'),
      inEdges: upstream.map((u) => edge(f(ds, field), u)),
      outEdges: [],
    });
    // raw.x -> clean.x -> mart.x -> report.x, and raw.y -> clean.y (a side branch upstream of nothing)
    const graph = [
      node('raw', 'x', []),
      node('raw', 'y', []),
      node('clean', 'x', [f('raw', 'x')]),
      node('clean', 'y', [f('raw', 'y')]),
      node('mart', 'x', [f('clean', 'x')]),
      node('report', 'x', [f('mart', 'x')]),
    ];
    const model = downstreamOf(graphModel({ graph }, `dataset:${NS}:clean`), (box) => box.kind === 'field' && box.dataset === 'clean');
    expect(model.boxes.map((box) => box.id).sort()).toEqual([f('clean', 'x'), f('clean', 'y'), f('mart', 'x'), f('report', 'x')].sort());
    expect(model.arrows.map((arrow) => arrow.id).sort()).toEqual([`${f('clean', 'x')}->${f('mart', 'x')}`, `${f('mart', 'x')}->${f('report', 'x')}`].sort());
  });
});

describe('route search strings', () => {
  it('keep the datasets list URLs of the first UI: plain pairs, `prev` repeated, empty values dropped', () => {
    expect(stringifySearch({ q: 'SF1.ORDERS', namespace: '', kind: undefined })).toBe('?q=SF1.ORDERS');
    expect(stringifySearch({ cursor: 'abc', prev: [''] })).toBe('?cursor=abc&prev=');
    expect(stringifySearch({ namespace: 'trino://h:8080' })).toBe('?namespace=trino%3A%2F%2Fh%3A8080');
    expect(parseSearch('?cursor=abc&prev=&prev=x')).toEqual({ cursor: 'abc', prev: ['', 'x'] });
    expect(parseSearch('?q=a&q=b')).toEqual({ q: 'b' });
    expect(parseSearch('')).toEqual({});
  });
});
