// The read requests the benchmark measures, their targets at 1M datasets (issues 10 and 32), and how to
// tell from the OpenAPI document whether the running store serves them yet.

const enc = encodeURIComponent;

/**
 * `path` and `method` are looked up in /api/docs-json; a kind whose path is missing is "not available".
 * `graph`: the answer is a lineage graph (`{ graph: [...nodes] }`), reported by its size too.
 */
export const KINDS = [
  {
    key: 'datasetList', label: 'dataset list page', target: 20, path: '/api/v1/datasets', method: 'get',
    url: (t, i) => (i % 2 ? `/api/v1/datasets?limit=50` : `/api/v1/datasets?limit=50&namespace=${enc(t.namespace)}`),
  },
  {
    key: 'search', label: 'search', target: 20, path: '/api/v1/search', method: 'get',
    url: (t) => `/api/v1/search?q=${enc(t.searchTerm)}&limit=20`,
  },
  {
    key: 'lineageUpstream', label: 'lineage depth 10 upstream', target: 100, graph: true, path: '/api/v1/lineage', method: 'get',
    url: (t) => `/api/v1/lineage?nodeId=${enc(t.nodeId)}&depth=10&direction=upstream`,
  },
  {
    key: 'lineageDownstream', label: 'lineage depth 10 downstream', target: 100, graph: true, path: '/api/v1/lineage', method: 'get',
    url: (t) => `/api/v1/lineage?nodeId=${enc(t.nodeId)}&depth=10&direction=downstream`,
  },
  {
    key: 'lineageAsOf', label: 'lineage asOf (depth 10, both)', target: 100, graph: true, path: '/api/v1/lineage', method: 'get',
    url: (t) => `/api/v1/lineage?nodeId=${enc(t.nodeId)}&depth=10&asOf=${enc(t.asOf)}`,
  },
  {
    key: 'columnLineage', label: 'column lineage depth 5', target: 50, graph: true, path: '/api/v1/column-lineage', method: 'get',
    url: (t) => `/api/v1/column-lineage?nodeId=${enc(t.fieldNodeId)}&depth=5&withDownstream=true`,
  },
  {
    key: 'datasetPage', label: 'dataset page', target: null, path: '/api/v1/datasets/{id}', method: 'get',
    url: (t) => `/api/v1/datasets/${t.datasetId}`,
  },
];

/** The OpenAPI document's path for a route may spell its parameter differently: compare shapes. */
export function availableKinds(openapi) {
  const shape = (p) => p.replace(/\{[^}]+\}/g, '{}');
  const served = new Map(Object.entries(openapi.paths ?? {}).map(([p, ops]) => [shape(p), ops]));
  return KINDS.map((kind) => ({ ...kind, available: Boolean(served.get(shape(kind.path))?.[kind.method]) }));
}
