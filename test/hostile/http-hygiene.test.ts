import { post } from '../support/http';
import { InProcessServer, startInProcessServer } from '../support/in-process-app';

describe('HTTP hygiene: 405 with Allow, nosniff, a CSP on Swagger UI', () => {
  let store: InProcessServer;

  beforeAll(async () => {
    store = await startInProcessServer({ PROJECTION_WORKERS: '0', LOG_LEVEL: 'warn' });
  });

  afterAll(async () => {
    await store?.close();
  });

  it.each([
    ['GET', '/api/v1/lineage/batch', 'POST'],
    ['DELETE', '/api/v1/datasets', 'GET, HEAD'],
    ['PUT', '/api/v1/events/1', 'GET, HEAD'],
    ['POST', '/health/live', 'GET, HEAD'],
  ])('answers %s %s with 405 and Allow: %s', async (method, path, allow) => {
    const res = await fetch(`${store.url}${path}`, { method });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe(allow);
    expect(((await res.json()) as { message: string }).message).toContain(allow);
  });

  it('still answers 404 for a path no route serves', async () => {
    const res = await fetch(`${store.url}/api/v1/nothing-here`, { method: 'DELETE' });
    expect(res.status).toBe(404);
  });

  it('sends X-Content-Type-Options: nosniff on every kind of response', async () => {
    const responses = await Promise.all([
      fetch(`${store.url}/health/live`),
      fetch(`${store.url}/api/v1/datasets`),
      fetch(`${store.url}/api/v1/nothing-here`),
      fetch(`${store.url}/api/docs`),
      fetch(`${store.url}/`),
      fetch(`${store.url}/api/v1/lineage`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' }),
    ]);
    expect(responses.map((r) => r.headers.get('x-content-type-options'))).toEqual(responses.map(() => 'nosniff'));
    expect((await post(`${store.url}/api/v1/lineage`, {})).headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('serves Swagger UI and its init script with a Content-Security-Policy that allows no inline or foreign script', async () => {
    for (const path of ['/api/docs', '/api/docs/swagger-ui-init.js']) {
      const res = await fetch(`${store.url}${path}`);
      expect(res.status).toBe(200);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-eval');
    }
  });
});
