/**
 * The OpenAPI document as a client generator reads it: verb-first operation ids, the OpenLineage
 * event schemas, one error body for every 4xx (documented and actually sent), servers, tags,
 * license and `security: []`; and openapi-typescript's types compile into a small client.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { gzipSync } from 'node:zlib';
import { PACKAGE_ROOT } from '../support/store-process';
import { migratedDatabase, runEvent } from '../ops/ops-support';
import { InProcessServer, startInProcessServer } from '../support/in-process-app';

const ERROR_REF = '#/components/schemas/ErrorBody';
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

interface Operation {
  operationId?: string;
  tags?: string[];
  requestBody?: { content: Record<string, { schema: any }> };
  responses: Record<string, { content?: Record<string, { schema: any }> }>;
}

describe('the OpenAPI document', () => {
  let store: InProcessServer;
  let document: any;
  let operations: Array<{ method: string; path: string; op: Operation }>;

  beforeAll(async () => {
    store = await startInProcessServer({ PROJECTION_WORKERS: '0', BODY_LIMIT_BYTES: '1048576' }, await migratedDatabase('openapi_client'));
    document = await (await fetch(`${store.url}/api/docs-json`)).json();
    operations = Object.entries(document.paths as Record<string, Record<string, Operation>>).flatMap(([p, item]) =>
      Object.entries(item)
        .filter(([method]) => METHODS.includes(method))
        .map(([method, op]) => ({ method, path: p, op })),
    );
  });
  afterAll(async () => {
    await store?.close();
  });

  it('names every operation with a unique verb-first id', () => {
    const ids = operations.map((o) => o.op.operationId);
    for (const id of ids) expect(id).toMatch(/^(get|list|post|search|delete)[A-Z][A-Za-z]+$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(
      expect.arrayContaining(['postLineageEvent', 'postLineageBatch', 'listDatasets', 'getDataset', 'getEvent', 'listNamespaces', 'listLineageEvents', 'getReadiness', 'getVersion']),
    );
  });

  it('has servers, a license, `security: []`, and every tag used is declared with a description', () => {
    expect(document.servers).toEqual([expect.objectContaining({ url: '/' })]);
    expect(document.info.license).toEqual({ name: 'Apache-2.0', url: 'https://www.apache.org/licenses/LICENSE-2.0' });
    expect(document.security).toEqual([]);
    const declared = new Map((document.tags as Array<{ name: string; description?: string }>).map((t) => [t.name, t.description]));
    for (const { op } of operations) {
      expect(op.tags?.length).toBeGreaterThan(0);
      for (const tag of op.tags ?? []) expect(declared.get(tag)).toEqual(expect.stringMatching(/\w{3,}/));
    }
  });

  it('describes the event body as the OpenLineage run, job and dataset events, with open facets', () => {
    const body = operations.find((o) => o.op.operationId === 'postLineageEvent')!.op.requestBody!.content['application/json'].schema;
    expect(body.oneOf.map((s: { $ref: string }) => s.$ref)).toEqual([
      '#/components/schemas/OpenLineageRunEvent',
      '#/components/schemas/OpenLineageJobEvent',
      '#/components/schemas/OpenLineageDatasetEvent',
    ]);
    const schemas = document.components.schemas;
    expect(schemas.OpenLineageRunEvent.required).toEqual(expect.arrayContaining(['eventTime', 'producer', 'schemaURL', 'run', 'job']));
    expect(schemas.OpenLineageRun.properties.facets.additionalProperties).toEqual({ $ref: '#/components/schemas/OpenLineageFacet' });
    expect(schemas.OpenLineageFacet.additionalProperties).toBe(true);
  });

  it('documents every 4xx and 5xx with the one error schema, but the batch and readiness 503s', () => {
    const errors = operations.flatMap(({ op }) =>
      Object.entries(op.responses)
        .filter(([status]) => /^[45]\d\d$/.test(status))
        .map(([status, response]) => ({ id: op.operationId, status, ref: response.content?.['application/json']?.schema?.$ref })),
    );
    expect(errors.length).toBeGreaterThan(10);
    expect(errors.filter((e) => e.ref !== ERROR_REF)).toEqual(
      expect.arrayContaining([
        { id: 'postLineageBatch', status: '503', ref: '#/components/schemas/BatchResponseDto' },
        { id: 'getReadiness', status: '503', ref: undefined },
      ]),
    );
    expect(errors.filter((e) => e.ref !== ERROR_REF)).toHaveLength(2);
    // Each documented error names the codes it answers with.
    const codes: string[] = document.components.schemas.ErrorBody.properties.code.enum;
    const unnamed = operations.flatMap(({ op }) =>
      Object.entries(op.responses as Record<string, { description: string }>)
        .filter(([status, response]) => /^[45]\d\d$/.test(status) && !codes.some((code) => new RegExp(`\\b${code}\\b`).test(response.description)))
        .map(([status]) => `${op.operationId} ${status}`),
    );
    expect(unnamed).toEqual([]);
    // Every API operation reads or writes PostgreSQL: each may answer DATABASE_UNAVAILABLE.
    expect(operations.filter((o) => o.path.startsWith('/api/v1/') && !o.op.responses['503']).map((o) => o.op.operationId)).toEqual([]);
    expect(document.components.schemas.ErrorBody.required).toEqual(expect.arrayContaining(['statusCode', 'error', 'code', 'message']));
    expect(document.components.schemas.ErrorBody.properties.code.enum).toEqual(expect.arrayContaining(['INVALID_EVENT', 'DATASET_NOT_FOUND', 'OVERLOADED']));
  });

  it('answers every 4xx with that one shape', async () => {
    const send = (p: string, init?: RequestInit) => fetch(`${store.url}${p}`, init).then(async (res) => ({ status: res.status, body: (await res.json()) as any }));
    const json = { 'content-type': 'application/json' };
    const answers = [
      await send('/api/v1/lineage', { method: 'POST', headers: json, body: JSON.stringify({ ...runEvent(), run: { runId: 'x' } }) }),
      await send('/api/v1/lineage', { method: 'POST', headers: json, body: '{"eventType":' }),
      await send('/api/v1/lineage/batch', { method: 'POST', headers: json, body: '{}' }),
      await send('/api/v1/datasets?limit=0'),
      await send('/api/v1/datasets/not-a-uuid'),
      await send('/api/v1/datasets/00000000-0000-4000-8000-000000000000'),
      await send('/api/v1/events/abc'),
      await send('/api/v1/namespaces/nowhere'),
      await send('/no/such/route'),
      await send('/api/v1/lineage', { method: 'POST', headers: json, body: JSON.stringify({ filler: 'x'.repeat(2 * 1024 * 1024) }) }),
      await send('/api/v1/lineage', { method: 'POST', headers: { 'content-type': 'text/csv' }, body: 'a,b' }),
      await send('/api/v1/lineage', { method: 'POST', headers: { ...json, 'content-encoding': 'gzip' }, body: gzipSync('{').subarray(0, 5) }),
    ];
    expect(answers.map((a) => a.status)).toEqual([400, 400, 400, 400, 400, 404, 400, 404, 404, 413, 415, 400]);
    for (const { status, body } of answers) {
      expect(Object.keys(body).filter((k) => !['statusCode', 'error', 'code', 'message', 'errors'].includes(k))).toEqual([]);
      expect(body).toMatchObject({ statusCode: status, error: expect.any(String), code: expect.stringMatching(/^[A-Z_]+$/), message: expect.any(String) });
      for (const e of body.errors ?? []) expect(e).toEqual({ field: expect.any(String), message: expect.any(String) });
    }
    expect(answers[0].body.errors).toContainEqual({ field: 'run.runId', message: 'must be a UUID' });
    expect(answers[3].body.errors).toContainEqual({ field: 'limit', message: expect.stringContaining('limit') });
  });

  it('generates types with openapi-typescript that a small client compiles against', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'metadata-store-openapi-client-'));
    try {
      fs.writeFileSync(path.join(dir, 'openapi.json'), JSON.stringify(document));
      const generated = spawnSync(process.execPath, [path.join(PACKAGE_ROOT, 'node_modules', 'openapi-typescript', 'bin', 'cli.js'), 'openapi.json', '-o', 'types.ts'], {
        cwd: dir,
        encoding: 'utf8',
        timeout: 60000,
      });
      expect(generated.stderr).not.toMatch(/error/i);
      expect(generated.status).toBe(0);
      fs.copyFileSync(path.join(__dirname, 'openapi-client.fixture.ts.txt'), path.join(dir, 'client.ts'));
      const compiled = spawnSync(
        process.execPath,
        [
          path.join(PACKAGE_ROOT, 'node_modules', 'typescript', 'bin', 'tsc'),
          '--noEmit', '--strict', '--target', 'es2022', '--lib', 'es2022,dom', '--module', 'esnext', '--moduleResolution', 'bundler',
          'client.ts',
        ],
        { cwd: dir, encoding: 'utf8', timeout: 120000 },
      );
      expect(compiled.stdout + compiled.stderr).toBe('');
      expect(compiled.status).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
