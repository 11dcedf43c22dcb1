import { randomUUID } from 'node:crypto';
import * as http from 'node:http';
import { AddressInfo } from 'node:net';
import { get, post } from '../support/http';
import { startStore } from '../support/store-process';
import { jsonLines, migratedDatabase, runEvent } from './ops-support';

interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  scope: string;
  attributes: Record<string, unknown>;
  resource: Record<string, unknown>;
}

const SPAN_KIND_SERVER = 2;
const SPAN_KIND_CLIENT = 3;

function attributes(list: Array<{ key: string; value: Record<string, unknown> }> = []): Record<string, unknown> {
  return Object.fromEntries(list.map((a) => [a.key, Object.values(a.value)[0]]));
}

/** A minimal OTLP/HTTP JSON trace receiver. */
async function otlpReceiver(): Promise<{ url: string; spans: ReceivedSpan[]; requests: number; close(): Promise<void> }> {
  const state = { spans: [] as ReceivedSpan[], requests: 0 };
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      state.requests++;
      if (req.url === '/v1/traces' && String(req.headers['content-type']).startsWith('application/json')) {
        const payload = JSON.parse(body);
        for (const rs of payload.resourceSpans ?? []) {
          const resource = attributes(rs.resource?.attributes);
          for (const ss of rs.scopeSpans ?? []) {
            for (const span of ss.spans ?? []) {
              state.spans.push({
                traceId: span.traceId,
                spanId: span.spanId,
                parentSpanId: span.parentSpanId || undefined,
                name: span.name,
                kind: span.kind,
                scope: ss.scope?.name,
                attributes: attributes(span.attributes),
                resource,
              });
            }
          }
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get spans() {
      return state.spans;
    },
    get requests() {
      return state.requests;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('traces', () => {
  it('an ingest request exports an HTTP server span with a PostgreSQL child span in the same trace; logs carry the trace id; spans are flushed on shutdown', async () => {
    const receiver = await otlpReceiver();
    try {
      const databaseUrl = await migratedDatabase('ops_traces');
      const store = await startStore({
        DATABASE_URL: databaseUrl,
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        // Nothing is exported on a timer during the test: only the shutdown flush can deliver.
        OTEL_BSP_SCHEDULE_DELAY: '600000',
      });
      const res = await post(`${store.url}/api/v1/lineage`, runEvent());
      expect(res.status).toBe(201);
      // A request that gets a log line (a stored event gets none).
      const requestId = `trace-${randomUUID()}`;
      expect((await get(`${store.url}/api/v1/datasets/${randomUUID()}`, { 'x-request-id': requestId })).status).toBe(404);
      expect(receiver.spans).toHaveLength(0);
      expect(await store.stop('SIGTERM')).toBe(0);

      const spans = receiver.spans;
      const server = spans.find((s) => s.kind === SPAN_KIND_SERVER && s.attributes['http.route'] === '/api/v1/lineage');
      expect(server).toBeDefined();
      expect(server!.scope).toBe('@opentelemetry/instrumentation-http');
      expect(server!.resource['service.name']).toBe('metadata-store');

      // A PostgreSQL span in the same trace, descending from the server span.
      const byId = new Map(spans.map((s) => [s.spanId, s]));
      const descendsFromServer = (span: ReceivedSpan) => {
        for (let parent = span.parentSpanId; parent; parent = byId.get(parent)?.parentSpanId) if (parent === server!.spanId) return true;
        return false;
      };
      const queries = spans.filter((s) => s.scope === '@opentelemetry/instrumentation-pg' && s.traceId === server!.traceId && s.kind === SPAN_KIND_CLIENT);
      expect(queries.length).toBeGreaterThan(0);
      const postgresql = (s: ReceivedSpan) => (s.attributes['db.system.name'] ?? s.attributes['db.system']) === 'postgresql';
      expect(queries.some((s) => descendsFromServer(s) && postgresql(s) && s.name.startsWith('pg.query'))).toBe(true);

      // A request's log line carries its trace id.
      const read = spans.find((s) => s.kind === SPAN_KIND_SERVER && s.attributes['http.route'] === '/api/v1/datasets/:id');
      expect(read).toBeDefined();
      const line = jsonLines(store.output).find((l) => l.requestId === requestId && l.msg === 'request completed');
      expect(line?.trace_id).toBe(read!.traceId);

      // Probes are not traced (startStore polled /health/ready until it answered 200).
      expect(spans.some((s) => String(s.attributes['url.path'] ?? s.attributes['http.target'] ?? s.name).includes('/health/'))).toBe(false);
    } finally {
      await receiver.close();
    }
  });
});
