import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EventBuilder, HttpTransport, loadConfig, newRunId, OpenLineageClient } from '../../src';

let root: string;
let cwd: string;
let home: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'ol-config-'));
  cwd = join(root, 'project');
  home = join(root, 'home');
  mkdirSync(cwd);
  mkdirSync(join(home, '.openlineage'), { recursive: true });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const write = (file: string, text: string): string => {
  writeFileSync(file, text);
  return file;
};
const load = (env: Record<string, string> = {}) => loadConfig({ env, cwd, home });

describe('configuration, read as the official clients read it', () => {
  it('takes the file OPENLINEAGE_CONFIG names before ./openlineage.yml and ~/.openlineage/openlineage.yml', () => {
    const named = write(join(root, 'named.yml'), 'transport:\n  type: http\n  url: http://named:5000\n');
    write(join(cwd, 'openlineage.yml'), 'transport:\n  type: http\n  url: http://cwd:5000\n');
    write(join(home, '.openlineage', 'openlineage.yml'), 'transport:\n  type: http\n  url: http://home:5000\n');
    expect(load({ OPENLINEAGE_CONFIG: named })).toMatchObject({ file: named, config: { transport: { url: 'http://named:5000' } } });
    expect(load()).toMatchObject({ file: join(cwd, 'openlineage.yml'), config: { transport: { url: 'http://cwd:5000' } } });
    rmSync(join(cwd, 'openlineage.yml'));
    expect(load()).toMatchObject({ file: join(home, '.openlineage', 'openlineage.yml'), config: { transport: { url: 'http://home:5000' } } });
  });

  it('resolves a relative OPENLINEAGE_CONFIG against the working directory, and fails on a missing one', () => {
    write(join(cwd, 'conf.yml'), 'transport:\n  type: console\n');
    expect(load({ OPENLINEAGE_CONFIG: 'conf.yml' }).file).toBe(join(cwd, 'conf.yml'));
    expect(() => load({ OPENLINEAGE_CONFIG: 'nope.yml' })).toThrow(`OPENLINEAGE_CONFIG names ${join(cwd, 'nope.yml')}, which does not exist`);
  });

  it('lets OPENLINEAGE__TRANSPORT__* variables override and extend the file (keys lower-cased, JSON values parsed)', () => {
    write(join(cwd, 'openlineage.yml'), 'transport:\n  type: http\n  url: http://file:5000\n  endpoint: api/v1/lineage\n');
    const { config } = load({
      OPENLINEAGE__TRANSPORT__URL: 'http://env:5000',
      OPENLINEAGE__TRANSPORT__TIMEOUT: '2.5',
      OPENLINEAGE__TRANSPORT__COMPRESSION: 'gzip',
      OPENLINEAGE__TRANSPORT__AUTH__TYPE: 'api_key',
      OPENLINEAGE__TRANSPORT__AUTH__APIKEY: 'k-1',
      OPENLINEAGE__TRANSPORT__CUSTOM_HEADERS: '{"X-Team":"data"}',
      OPENLINEAGE__TRANSPORT__RETRY__TOTAL: '2',
    });
    expect(config.transport).toEqual({
      type: 'http',
      url: 'http://env:5000',
      endpoint: 'api/v1/lineage',
      timeout: 2.5,
      compression: 'gzip',
      auth: { type: 'api_key', apikey: 'k-1' },
      custom_headers: { 'X-Team': 'data' },
      retry: { total: 2 },
    });
  });

  it('builds a composite transport from variables alone', () => {
    const { config, file } = load({
      OPENLINEAGE__TRANSPORT__TYPE: 'composite',
      OPENLINEAGE__TRANSPORT__TRANSPORTS__BACKEND__TYPE: 'http',
      OPENLINEAGE__TRANSPORT__TRANSPORTS__BACKEND__URL: 'http://backend:5000',
      OPENLINEAGE__TRANSPORT__TRANSPORTS__LOCAL__TYPE: 'console',
    });
    expect(file).toBeUndefined();
    expect(config.transport).toEqual({ type: 'composite', transports: { backend: { type: 'http', url: 'http://backend:5000' }, local: { type: 'console' } } });
  });

  it('makes an http transport of OPENLINEAGE_URL, OPENLINEAGE_ENDPOINT and OPENLINEAGE_API_KEY when nothing else configures one', () => {
    const env = { OPENLINEAGE_URL: 'http://store:5000', OPENLINEAGE_ENDPOINT: 'api/v2/lineage', OPENLINEAGE_API_KEY: 'k-2' };
    expect(load(env).config.transport).toEqual({ type: 'http', url: 'http://store:5000', endpoint: 'api/v2/lineage', auth: { type: 'api_key', apiKey: 'k-2' } });
    write(join(cwd, 'openlineage.yml'), 'transport:\n  type: console\n');
    expect(load(env).config.transport).toEqual({ type: 'console' });
  });

  it('falls back to the console transport when nothing is configured', () => {
    expect(load()).toEqual({ config: { transport: { type: 'console' } }, file: undefined, disabled: false });
  });

  it('is disabled by OPENLINEAGE_DISABLED=true (any case), not by other values', () => {
    expect(load({ OPENLINEAGE_DISABLED: 'true' }).disabled).toBe(true);
    expect(load({ OPENLINEAGE_DISABLED: 'TRUE' }).disabled).toBe(true);
    expect(load({ OPENLINEAGE_DISABLED: 'false' }).disabled).toBe(false);
    expect(load({ OPENLINEAGE_DISABLED: '1' }).disabled).toBe(false);
  });
});

describe('OpenLineageClient.fromEnvironment', () => {
  const event = () => new EventBuilder().runEvent({ eventType: 'START', run: { runId: newRunId() }, job: { namespace: 'etl', name: 'daily' } });

  it('uses the configured transport', async () => {
    const client = OpenLineageClient.fromEnvironment({ env: { OPENLINEAGE_URL: 'http://store:5000/' }, cwd, home });
    expect(client.transport).toBeInstanceOf(HttpTransport);
    expect((client.transport as HttpTransport).target.href).toBe('http://store:5000/api/v1/lineage');
    await client.close();
  });

  it('emits nothing when OPENLINEAGE_DISABLED=true, whatever the configuration says', async () => {
    const file = join(root, 'events.jsonl');
    write(join(cwd, 'openlineage.yml'), `transport:\n  type: file\n  log_file_path: ${file}\n`);
    const enabled = OpenLineageClient.fromEnvironment({ env: {}, cwd, home });
    await enabled.emit(event());
    expect(await enabled.close()).toBe(true);
    expect(existsSync(file)).toBe(true);
    rmSync(file);

    const disabled = OpenLineageClient.fromEnvironment({ env: { OPENLINEAGE_DISABLED: 'true' }, cwd, home });
    expect(disabled.isDisabled).toBe(true);
    await disabled.emit(event());
    expect(await disabled.close()).toBe(true);
    expect(existsSync(file)).toBe(false);
    expect(disabled.stats()).toEqual({ queued: 0, inFlight: 0, sent: 0, failed: 0, dropped: 0 });
  });
});
