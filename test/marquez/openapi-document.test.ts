import { InProcessApp, startInProcessApp } from '../support/in-process-app';

const MARQUEZ_PATHS = [
  '/api/v1/namespaces',
  '/api/v1/namespaces/{namespace}',
  '/api/v1/namespaces/{namespace}/datasets',
  '/api/v1/namespaces/{namespace}/datasets/{dataset}',
  '/api/v1/namespaces/{namespace}/datasets/{dataset}/versions',
  '/api/v1/namespaces/{namespace}/datasets/{dataset}/versions/{version}',
  '/api/v1/jobs',
  '/api/v1/namespaces/{namespace}/jobs',
  '/api/v1/namespaces/{namespace}/jobs/{job}',
  '/api/v1/namespaces/{namespace}/jobs/{job}/runs',
  '/api/v1/namespaces/{namespace}/jobs/{job}/versions',
  '/api/v1/namespaces/{namespace}/jobs/{job}/versions/{version}',
  '/api/v1/jobs/runs/{id}',
  '/api/v1/jobs/runs/{id}/facets',
  '/api/v1/search',
  '/api/v1/tags',
  '/api/v1/stats/lineage-events',
  '/api/v1/stats/jobs',
  '/api/v1/stats/datasets',
  '/api/v1/stats/sources',
  '/api/v1/events/lineage',
];

describe('the OpenAPI document of the read API', () => {
  let store: InProcessApp;
  let doc: any;

  beforeAll(async () => {
    store = await startInProcessApp();
    doc = (await store.request('GET', '/api/docs-json')).body;
  });

  afterAll(async () => {
    await store?.close();
  });

  it('documents every Marquez path and our dataset detail, each GET with a verb operationId and a 200 schema', () => {
    for (const path of [...MARQUEZ_PATHS, '/api/v1/datasets/{id}']) {
      const get = doc.paths[path]?.get;
      expect({ path, documented: Boolean(get) }).toEqual({ path, documented: true });
      expect(get.operationId).toMatch(/^(get|list|search)[A-Z]?/);
      expect(get.responses['200'].content['application/json'].schema).toBeDefined();
    }
    const ids = Object.values(doc.paths).flatMap((p: any) => Object.values(p).map((op: any) => op.operationId));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('says what totalCount of /events/lineage counts', () => {
    const ref = doc.paths['/api/v1/events/lineage'].get.responses['200'].content['application/json'].schema.$ref as string;
    const schema = doc.components.schemas[ref.split('/').pop()!];
    expect(schema.properties.totalCount.description).toMatch(/run events with after <= eventTime < before, counted exactly up to 10000/);
    expect(schema.properties.totalCount.description).toMatch(/Job and dataset events are not counted/);
  });

  it('documents the dataset detail additions', () => {
    const ref = doc.paths['/api/v1/datasets/{id}'].get.responses['200'].content['application/json'].schema.$ref as string;
    const schema = doc.components.schemas[ref.split('/').pop()!];
    expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(['fields', 'currentVersion', 'readBy', 'writtenBy', 'facets']));
  });
});
