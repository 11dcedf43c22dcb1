import { randomBytes, randomUUID } from 'node:crypto';
import { get, post } from '../support/http';
import { runCommand, startStore, StoreProcess } from '../support/store-process';
import { adminQuery, databaseName, jsonLines, migratedDatabase, runEvent, waitFor } from './ops-support';
import { createDatabase } from '../support/database';

const LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A database owned by a role with a distinctive password, so a leak of it is detectable. */
async function databaseWithPassword(): Promise<{ url: string; password: string }> {
  const url = await createDatabase('ops_logs');
  const role = `ops_logs_${randomBytes(4).toString('hex')}`;
  const password = `pw-${randomBytes(12).toString('hex')}`;
  await adminQuery(`CREATE ROLE ${role} LOGIN PASSWORD '${password}'`);
  await adminQuery(`ALTER DATABASE ${databaseName(url)} OWNER TO ${role}`);
  const withRole = new URL(url);
  withRole.username = role;
  withRole.password = password;
  const result = runCommand(['migrate'], { DATABASE_URL: withRole.toString() });
  if (result.status !== 0) throw new Error(result.stdout + result.stderr);
  return { url: withRole.toString(), password };
}

describe('logs', () => {
  let store: StoreProcess | undefined;
  afterEach(async () => {
    await store?.stop();
    store = undefined;
  });

  it('one JSON object per line with time, level, msg, context, request id, method, route template, status, duration; no line per stored event; no bodies, no secrets', async () => {
    const { url: databaseUrl, password } = await databaseWithPassword();
    store = await startStore({ DATABASE_URL: databaseUrl, PROJECTION_WORKERS: '0' });

    // A request id given by the caller is used and echoed.
    const givenId = `trino-${randomUUID()}`;
    const detail = await get(`${store.url}/api/v1/datasets/${randomUUID()}`, { 'x-request-id': givenId });
    expect(detail.headers.get('x-request-id')).toBe(givenId);

    // Otherwise one is generated and echoed.
    const bodyMarker = `body-marker-${randomBytes(8).toString('hex')}`;
    const stored = await post(`${store.url}/api/v1/lineage`, runEvent(randomUUID(), { jobName: bodyMarker }));
    expect(stored.status).toBe(201);
    const generatedId = stored.headers.get('x-request-id')!;
    expect(generatedId).toMatch(UUID);

    // An invalid event: its content must not reach the log either.
    const invalidMarker = `invalid-marker-${randomBytes(8).toString('hex')}`;
    const invalid = await post(`${store.url}/api/v1/lineage`, { eventType: 'COMPLETE', job: { name: invalidMarker } });
    expect(invalid.status).toBe(400);

    // A URL no route matches.
    const unmatched = await get(`${store.url}/no/such/${randomUUID()}`);
    expect(unmatched.status).toBe(404);

    // A last request as a fence: once its line is out, so is every line of the requests above.
    const fence = `/no/such/fence-${randomUUID()}`;
    expect((await get(`${store.url}${fence}`)).status).toBe(404);
    await waitFor('the fence request line', () => jsonLines(store!.output).some((l) => l.msg === 'request completed' && l.url === fence));

    // Every line is one JSON object (the CLI's lines included), with the common fields.
    const lines = store.output;
    const parsed = jsonLines(lines);
    expect(parsed).toHaveLength(lines.length);
    for (const line of parsed) {
      expect(typeof line.time).toBe('string');
      expect(new Date(line.time).toISOString()).toBe(line.time);
      expect(LEVELS).toContain(line.level);
      expect(typeof line.msg).toBe('string');
      expect(typeof line.context).toBe('string');
    }

    const completion = (id: string) => parsed.find((l) => l.requestId === id && l.msg === 'request completed');
    expect(completion(givenId)).toMatchObject({
      level: 'warn',
      context: 'http',
      requestId: givenId,
      method: 'GET',
      route: '/api/v1/datasets/:id',
      status: 404,
    });
    expect(typeof completion(givenId)!.durationMs).toBe('number');
    // A stored event gets no line (ingest is too busy for one per success); a refused one does.
    expect(parsed.some((l) => l.requestId === generatedId)).toBe(false);
    const refused = parsed.find((l) => l.msg === 'request completed' && l.method === 'POST' && l.status === 400);
    expect(refused).toMatchObject({ level: 'warn', context: 'http', route: '/api/v1/lineage', url: '/api/v1/lineage' });
    expect(refused!.requestId).toBe(invalid.headers.get('x-request-id'));
    const notFound = parsed.find((l) => l.msg === 'request completed' && l.url?.startsWith('/no/such/'));
    expect(notFound).toMatchObject({ method: 'GET', level: 'warn', status: 404 });
    expect(notFound!.route).toBeUndefined(); // no template: none matched

    // Probes and scrapes are not logged per request.
    expect(parsed.some((l) => l.msg === 'request completed' && /^\/health\//.test(l.url))).toBe(false);

    const all = lines.join('\n');
    expect(all).not.toContain(bodyMarker);
    expect(all).not.toContain(invalidMarker);
    expect(all).not.toContain(password);
    console.log(`example request line: ${JSON.stringify(refused)}`);
  });

  it('LOG_LEVEL=warn drops info lines and keeps warnings', async () => {
    const databaseUrl = await migratedDatabase('ops_loglevel');
    store = await startStore({ DATABASE_URL: databaseUrl, PROJECTION_WORKERS: '0', LOG_LEVEL: 'warn' });
    expect((await post(`${store.url}/api/v1/lineage`, runEvent())).status).toBe(201);
    expect((await get(`${store.url}/api/v1/nothing-here`)).status).toBe(404);
    const parsed = await waitFor('the warn line', () => {
      const lines = jsonLines(store!.output);
      return lines.some((l) => l.status === 404) ? lines : undefined;
    });
    expect(parsed.filter((l) => l.context !== 'cli' && (l.level === 'info' || l.level === 'debug'))).toEqual([]);
    expect(parsed.find((l) => l.status === 404)).toMatchObject({ level: 'warn', msg: 'request completed' });
  });

  it('LOG_FORMAT=pretty writes human-readable lines', async () => {
    const databaseUrl = await migratedDatabase('ops_pretty');
    store = await startStore({ DATABASE_URL: databaseUrl, PROJECTION_WORKERS: '0', LOG_FORMAT: 'pretty' });
    const requestId = `pretty-${randomUUID()}`;
    await get(`${store.url}/api/v1/datasets`, { 'x-request-id': requestId });
    const line = await waitFor('the pretty request line', () => store!.output.find((l) => l.includes(requestId)));
    expect(() => JSON.parse(line)).toThrow();
    expect(line).toMatch(/INFO/);
    expect(line).toContain('request completed');
    const listening = store.output.find((l) => l.includes('metadata store listening'));
    expect(listening).toBeDefined();
    expect(() => JSON.parse(listening!)).toThrow();
  });
});
