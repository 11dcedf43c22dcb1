/**
 * Every error code of the catalogue, triggered through the real HTTP stack (Fastify inject, the
 * real PostgreSQL): the status, the body's `code` (beside statusCode, error and message), and the
 * OpenAPI document listing that code.
 */
import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { Client } from 'pg';
import type { InjectOptions } from 'fastify';
import { ALL_ERROR_CODES, ERROR_CODES, ErrorCode } from '../../src/core/errors/error-codes';
import { buildOpenApiDocument } from '../../src/core/http/openapi';
import { query } from '../support/database';
import { InProcessApp, startInProcessApp } from '../support/in-process-app';
import { runEvent, waitFor } from '../ops/ops-support';

const JSON_TYPE = { 'content-type': 'application/json' };
const BODY_LIMIT = 64 * 1024;
const READ_TIMEOUT_MS = 300;

describe('error codes, each through the HTTP stack', () => {
  let store: InProcessApp;
  let documentedCodes: string[];
  const walked = new Set<ErrorCode>();

  async function expectCode(code: ErrorCode, request: InjectOptions): Promise<Record<string, any>> {
    const res = await store.app.inject(request);
    const body = res.json();
    expect({ status: res.statusCode, code: body.code }).toEqual({ status: ERROR_CODES[code].status, code });
    if (code !== 'NOT_READY') expect(body).toMatchObject({ statusCode: ERROR_CODES[code].status, error: expect.any(String), message: expect.any(String) });
    if (code === 'OVERLOADED' || code === 'DATABASE_UNAVAILABLE') expect(res.headers['retry-after']).toBe('1');
    expect(documentedCodes).toContain(code);
    walked.add(code);
    return body;
  }

  /** Holds an exclusive lock on a table until released: statements on it wait. */
  async function lockTable(table: string): Promise<() => Promise<void>> {
    const client = new Client({ connectionString: store.databaseUrl });
    await client.connect();
    await client.query('BEGIN');
    await client.query(`LOCK TABLE ${table} IN ACCESS EXCLUSIVE MODE`);
    return async () => {
      await client.query('ROLLBACK');
      await client.end();
    };
  }

  beforeAll(async () => {
    store = await startInProcessApp({ BODY_LIMIT_BYTES: String(BODY_LIMIT), INGEST_BATCH_MAX_EVENTS: '2', INGEST_TIMEOUT_MS: '300', READ_STATEMENT_TIMEOUT_MS: String(READ_TIMEOUT_MS) });
    documentedCodes = (buildOpenApiDocument(store.app).components!.schemas!.ErrorBody as { properties: { code: { enum: string[] } } }).properties.code.enum;
    await store.ingestAndProject([runEvent(randomUUID(), { jobName: 'codes.job' })]);
  });
  afterAll(async () => {
    await store?.close();
  });

  it('answers what the client sent wrong with a 4xx and its code', async () => {
    const post = (url: string, payload: string | Buffer, headers: Record<string, string> = JSON_TYPE): InjectOptions => ({ method: 'POST', url, payload, headers });
    const invalid = await expectCode('INVALID_EVENT', post('/api/v1/lineage', JSON.stringify({ ...runEvent(), run: { runId: 'x' } })));
    expect(invalid.errors).toContainEqual({ field: 'run.runId', message: 'must be a UUID' });
    await expectCode('INVALID_JSON', post('/api/v1/lineage', '{"eventType":'));
    await expectCode('INVALID_BATCH', post('/api/v1/lineage/batch', '{}'));
    await expectCode('UNREADABLE_BODY', post('/api/v1/lineage', gzipSync('{').subarray(0, 5), { ...JSON_TYPE, 'content-encoding': 'gzip' }));
    const parameter = await expectCode('INVALID_PARAMETER', { method: 'GET', url: '/api/v1/datasets?limit=0' });
    expect(parameter.errors).toContainEqual({ field: 'limit', message: expect.stringContaining('limit') });
    await expectCode('BAD_CURSOR', { method: 'GET', url: '/api/v1/datasets?cursor=not-a-cursor' });
    await expectCode('BAD_REQUEST', { method: 'GET', url: '/api/v1/namespaces/%E0%A4%A' });
    await expectCode('PAYLOAD_TOO_LARGE', post('/api/v1/lineage', JSON.stringify({ filler: 'x'.repeat(BODY_LIMIT) })));
    await expectCode('BATCH_TOO_LARGE', post('/api/v1/lineage/batch', JSON.stringify([runEvent(), runEvent(), runEvent()])));
    await expectCode('UNSUPPORTED_MEDIA_TYPE', post('/api/v1/lineage', 'a,b', { 'content-type': 'text/csv' }));
    await expectCode('UNSUPPORTED_ENCODING', post('/api/v1/lineage', '{}', { ...JSON_TYPE, 'content-encoding': 'br' }));
    const method = await store.app.inject({ method: 'DELETE', url: '/api/v1/datasets' });
    expect(method.headers.allow).toBe('GET, HEAD');
    await expectCode('METHOD_NOT_ALLOWED', { method: 'DELETE', url: '/api/v1/datasets' });
  });

  it('answers what does not exist with a 404 naming what', async () => {
    const get = (url: string): InjectOptions => ({ method: 'GET', url });
    const unknown = randomUUID();
    await expectCode('NOT_FOUND', get('/no/such/route'));
    await expectCode('NAMESPACE_NOT_FOUND', get('/api/v1/namespaces/nowhere'));
    await expectCode('DATASET_NOT_FOUND', get(`/api/v1/datasets/${unknown}`));
    await expectCode('DATASET_VERSION_NOT_FOUND', get(`/api/v1/namespaces/${encodeURIComponent('postgres://db:5432')}/datasets/ops.public.target/versions/${unknown}`));
    await expectCode('JOB_NOT_FOUND', get(`/api/v1/namespaces/${encodeURIComponent('ops://test')}/jobs/no.such.job`));
    await expectCode('JOB_VERSION_NOT_FOUND', get(`/api/v1/namespaces/${encodeURIComponent('ops://test')}/jobs/codes.job/versions/${unknown}`));
    await expectCode('RUN_NOT_FOUND', get(`/api/v1/jobs/runs/${unknown}`));
    await expectCode('EVENT_NOT_FOUND', get('/api/v1/events/999999999'));
    await expectCode('UNKNOWN_NODE', get(`/api/v1/lineage?nodeId=${encodeURIComponent('job:ops://test:no.such.job')}`));
  });

  it('answers OVERLOADED when an event is not committed within INGEST_TIMEOUT_MS', async () => {
    const postEvent = () => store.app.inject({ method: 'POST', url: '/api/v1/lineage', payload: JSON.stringify(runEvent()), headers: JSON_TYPE });
    const release = await lockTable('lineage_events');
    let first: ReturnType<typeof postEvent> | undefined;
    try {
      // The first event's transaction waits for the lock; the next one waits for it, past its deadline.
      first = postEvent();
      await waitFor('the first insert waiting for the lock', async () => {
        const waiting = await query(store.databaseUrl, "SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'");
        return waiting.length > 0;
      });
      await expectCode('OVERLOADED', { method: 'POST', url: '/api/v1/lineage', payload: JSON.stringify(runEvent()), headers: JSON_TYPE });
    } finally {
      await release();
    }
    expect((await first).statusCode).toBe(201);
  });

  it('answers DATABASE_UNAVAILABLE when a read runs past READ_STATEMENT_TIMEOUT_MS', async () => {
    const release = await lockTable('namespaces');
    try {
      await expectCode('DATABASE_UNAVAILABLE', { method: 'GET', url: '/api/v1/namespaces' });
    } finally {
      await release();
    }
  });

  it('answers NOT_READY on the readiness probe when a migration is missing', async () => {
    const [applied] = await query<Record<string, unknown>>(store.databaseUrl, 'SELECT * FROM migrations ORDER BY timestamp DESC LIMIT 1');
    await query(store.databaseUrl, 'DELETE FROM migrations WHERE id = $1', [applied.id]);
    try {
      const body = await expectCode('NOT_READY', { method: 'GET', url: '/health/ready' });
      expect(body.error.schema).toMatchObject({ status: 'down' });
    } finally {
      await query(store.databaseUrl, 'INSERT INTO migrations (id, timestamp, name) VALUES ($1, $2, $3)', [applied.id, applied.timestamp, applied.name]);
    }
  });

  it('answers INTERNAL_ERROR, without details, to a fault of the store', async () => {
    await query(store.databaseUrl, 'ALTER TABLE tags RENAME TO tags_gone');
    try {
      const body = await expectCode('INTERNAL_ERROR', { method: 'GET', url: '/api/v1/tags' });
      expect(body.message).toBe('internal server error');
    } finally {
      await query(store.databaseUrl, 'ALTER TABLE tags_gone RENAME TO tags');
    }
  });

  it('walked every code of the catalogue, and the document lists no other', () => {
    expect([...walked].sort()).toEqual([...ALL_ERROR_CODES].sort());
    expect([...documentedCodes].sort()).toEqual([...ALL_ERROR_CODES].sort());
  });
});
