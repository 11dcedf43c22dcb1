import { gunzipSync } from 'node:zlib';
import { EventBuilder, HttpTransport, newRunId, TransportError, type HttpTransportOptions } from '../../src';
import { LineageServer, waitFor } from '../support/lineage-server';

const builder = new EventBuilder({ producer: 'https://github.com/acme/etl/tree/1.4.0' });
const event = () => builder.runEvent({ eventType: 'START', run: { runId: newRunId() }, job: { namespace: 'etl', name: 'daily' } });
/** Retries without noticeable waits: the backoff arithmetic itself is tested in http-retry.test.ts. */
const FAST_RETRY = { backoff_factor: 0.001 };

let server: LineageServer;
const transports: HttpTransport[] = [];
function transport(options: Partial<HttpTransportOptions> = {}): HttpTransport {
  const made = new HttpTransport({ url: server.url, retry: FAST_RETRY, ...options });
  transports.push(made);
  return made;
}

beforeEach(async () => {
  server = await LineageServer.start();
});
afterEach(async () => {
  await Promise.all(transports.splice(0).map((t) => t.close()));
  await server.stop();
});

describe('http transport', () => {
  it('POSTs the event as JSON to <url>/api/v1/lineage by default', async () => {
    const sent = event();
    await transport().emit(sent);
    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/v1/lineage');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers.authorization).toBeUndefined();
    expect(request.json).toEqual(sent);
  });

  it('joins endpoint to url as the Python client does (a relative URL)', async () => {
    await transport({ url: `${server.url}/`, endpoint: 'lineage/v2/events' }).emit(event());
    await transport({ url: `${server.url}/base/`, endpoint: 'api/v1/lineage' }).emit(event());
    await transport({ url: `${server.url}/base/`, endpoint: '/api/v1/lineage' }).emit(event());
    expect(server.requests.map((r) => r.url)).toEqual(['/lineage/v2/events', '/base/api/v1/lineage', '/api/v1/lineage']);
  });

  it('gzips the body with compression: gzip', async () => {
    const sent = event();
    await transport({ compression: 'gzip' }).emit(sent);
    const [request] = server.requests;
    expect(request.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(request.raw).toString('utf8'))).toEqual(sent);
  });

  it('sends auth api_key as a Bearer token, and custom headers', async () => {
    await transport({ auth: { type: 'api_key', apiKey: 's3cret' }, custom_headers: { 'X-Team': 'data', 'X-Trace': 'abc' } }).emit(event());
    const [request] = server.requests;
    expect(request.headers.authorization).toBe('Bearer s3cret');
    expect(request.headers['x-team']).toBe('data');
    expect(request.headers['x-trace']).toBe('abc');
  });

  it('retries 503, 429 and 500, then delivers', async () => {
    server.reply(503, 429, 500);
    await transport().emit(event());
    expect(server.requests).toHaveLength(4);
    expect(new Set(server.events.map((e) => e.run.runId)).size).toBe(1);
  });

  it('retries a network error (connection dropped), then delivers', async () => {
    server.reply('drop', 'drop');
    await transport().emit(event());
    expect(server.requests).toHaveLength(3);
  });

  it('retries a connection refused until the retries run out', async () => {
    const url = server.url;
    await server.stop();
    const error = await transport({ url, retry: { ...FAST_RETRY, total: 2 } })
      .emit(event())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect((error as TransportError).message).toMatch(/failed after 3 attempts: .*ECONNREFUSED/);
    server = await LineageServer.start();
  });

  it.each([400, 401, 403, 404, 413, 422])('never retries %i: one attempt, rejected with the status', async (status) => {
    server.reply(status);
    const error = await transport().emit(event()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect((error as TransportError).status).toBe(status);
    expect((error as TransportError).message).toContain(`answered ${status} after 1 attempt`);
    expect(server.requests).toHaveLength(1);
  });

  it('gives up after retry.total retries, with the last status', async () => {
    server.fallback = 503;
    const error = await transport({ retry: { ...FAST_RETRY, total: 3 } }).emit(event()).catch((e: unknown) => e);
    expect((error as TransportError).status).toBe(503);
    expect(server.requests).toHaveLength(4);
  });

  it('retries only the statuses of retry.status_forcelist when it is given', async () => {
    server.reply(502);
    const error = await transport({ retry: { ...FAST_RETRY, status_forcelist: [503] } }).emit(event()).catch((e: unknown) => e);
    expect((error as TransportError).status).toBe(502);
    expect(server.requests).toHaveLength(1);
  });

  it('times an attempt out after `timeout` seconds and retries it', async () => {
    server.fallback = 'hold';
    const error = await transport({ timeout: 0.2, retry: { ...FAST_RETRY, total: 1 } }).emit(event()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect((error as TransportError).message).toMatch(/failed after 2 attempts: timed out after 200 ms/);
    expect(server.requests).toHaveLength(2);
  });

  it('stops retrying when its signal is aborted (what client.close() does)', async () => {
    server.fallback = 503;
    const abort = new AbortController();
    const emitted = transport({ retry: { backoff_factor: 60 } }).emit(event(), abort.signal).catch((e: unknown) => e);
    await waitFor('the first attempt', () => server.requests.length === 1);
    abort.abort(new Error('closing'));
    expect(await emitted).toEqual(new Error('closing'));
    expect(server.requests).toHaveLength(1);
  });

  it('refuses configuration it cannot use, naming the option', () => {
    expect(() => new HttpTransport({ url: 'not a url' })).toThrow('http transport: url must be an absolute URL');
    expect(() => new HttpTransport({ url: 'ftp://host' })).toThrow('url must be http or https');
    expect(() => new HttpTransport({ url: 'http://h', timeout: 0 })).toThrow('timeout must be seconds > 0');
    expect(() => new HttpTransport({ url: 'http://h', compression: 'br' as 'gzip' })).toThrow('compression must be gzip');
    expect(() => new HttpTransport({ url: 'http://h', auth: { type: 'api_key' } })).toThrow('auth.apiKey is required');
    expect(() => new HttpTransport({ url: 'http://h', auth: { type: 'oauth' as 'api_key', apiKey: 'k' } })).toThrow('auth.type must be api_key');
    expect(() => new HttpTransport({ url: 'http://h', retry: { total: -1 } })).toThrow('retry.total must be a number >= 0');
  });

  it('accepts the api key under the spellings the Python client accepts', async () => {
    await transport({ auth: { type: 'api_key', api_key: 'a' } }).emit(event());
    await transport({ auth: { type: 'api_key', apikey: 'b' } }).emit(event());
    expect(server.requests.map((r) => r.headers.authorization)).toEqual(['Bearer a', 'Bearer b']);
  });
});
