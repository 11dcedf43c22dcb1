import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import {
  CompositeTransport,
  ConsoleTransport,
  createTransport,
  EventBuilder,
  FileTransport,
  HttpTransport,
  newRunId,
  NoopTransport,
  TransportError,
} from '../../src';
import { LineageServer } from '../support/lineage-server';

const builder = new EventBuilder({ producer: 'https://github.com/acme/etl/tree/1.4.0' });
const event = (name = 'daily') => builder.runEvent({ eventType: 'START', run: { runId: newRunId() }, job: { namespace: 'etl', name } });

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ol-transports-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const lines = (file: string): any[] => readFileSync(file, 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line));

describe('console transport', () => {
  it('writes each event as one JSON line', async () => {
    const stream = new PassThrough();
    const chunks: string[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
    const transport = new ConsoleTransport({ stream });
    const [a, b] = [event('a'), event('b')];
    await transport.emit(a);
    await transport.emit(b);
    expect(chunks.join('').split('\n')).toEqual([JSON.stringify(a), JSON.stringify(b), '']);
  });
});

describe('file transport', () => {
  it('appends one JSON event per line, in emit order, to what the file already holds', async () => {
    const file = join(dir, 'events.jsonl');
    writeFileSync(file, `${JSON.stringify({ earlier: true })}\n`);
    const transport = new FileTransport({ log_file_path: file });
    const events = Array.from({ length: 50 }, (_, i) => event(`job-${i}`));
    await Promise.all(events.map((e) => transport.emit(e)));
    expect(lines(file)).toEqual([{ earlier: true }, ...events]);
  });

  it('with append: false writes each event to its own file, log_file_path suffixed with the time (the Python behaviour)', async () => {
    const transport = new FileTransport({ log_file_path: join(dir, 'event'), append: false });
    const events = [event('a'), event('b'), event('c')];
    for (const e of events) await transport.emit(e);
    const files = readdirSync(dir).sort();
    expect(files).toHaveLength(3);
    for (const file of files) expect(file).toMatch(/^event-\d{8}-\d{6}\.\d{6}$/);
    expect(files.map((file) => lines(join(dir, file))[0].job.name).sort()).toEqual(['a', 'b', 'c']);
  });

  it('rejects the emit when the file cannot be written', async () => {
    const transport = new FileTransport({ log_file_path: join(dir, 'missing-folder', 'events.jsonl') });
    await expect(transport.emit(event())).rejects.toThrow(/ENOENT/);
  });
});

describe('composite transport', () => {
  it('continues past a failing transport and delivers to the others', async () => {
    const file = join(dir, 'events.jsonl');
    const broken = new FileTransport({ log_file_path: join(dir, 'no', 'such', 'dir') });
    const composite = new CompositeTransport({ transports: [broken, new FileTransport({ log_file_path: file })] });
    const sent = event();
    await composite.emit(sent);
    expect(lines(file)).toEqual([sent]);
  });

  it('fails when no transport delivered', async () => {
    const broken = () => new FileTransport({ log_file_path: join(dir, 'no', 'such', 'dir') });
    const composite = new CompositeTransport({ transports: [broken(), broken()] });
    const error = await composite.emit(event()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect((error as Error).message).toMatch(/^composite: no transport delivered the event \(ENOENT.*; ENOENT.*\)$/);
  });

  it('stops at the first failure with continue_on_failure: false', async () => {
    const file = join(dir, 'events.jsonl');
    const broken = new FileTransport({ log_file_path: join(dir, 'no', 'such', 'dir') });
    const composite = new CompositeTransport({ transports: [broken, new FileTransport({ log_file_path: file })], continue_on_failure: false });
    await expect(composite.emit(event())).rejects.toThrow('composite: file transport failed');
    expect(existsSync(file)).toBe(false);
  });

  it('stops at the first success with continue_on_success: false', async () => {
    const [first, second] = [join(dir, 'first.jsonl'), join(dir, 'second.jsonl')];
    const composite = new CompositeTransport({
      transports: [new FileTransport({ log_file_path: first }), new FileTransport({ log_file_path: second })],
      continue_on_success: false,
    });
    await composite.emit(event());
    expect(existsSync(first)).toBe(true);
    expect(existsSync(second)).toBe(false);
  });
});

describe('createTransport (a transport from configuration)', () => {
  it('makes each kind, composite members given as a list or as a map of names', async () => {
    const server = await LineageServer.start();
    try {
      const file = join(dir, 'events.jsonl');
      const composite = createTransport({
        type: 'composite',
        transports: { backend: { type: 'http', url: server.url }, audit: { type: 'file', log_file_path: file } },
      }) as CompositeTransport;
      expect(composite.transports.map((t) => t.kind)).toEqual(['http', 'file']);
      const sent = event();
      await composite.emit(sent);
      await composite.close();
      expect(server.events).toEqual([sent]);
      expect(lines(file)).toEqual([sent]);
      expect(createTransport({ type: 'console' })).toBeInstanceOf(ConsoleTransport);
      expect(createTransport({ type: 'noop' })).toBeInstanceOf(NoopTransport);
      expect(createTransport({ type: 'http', url: 'http://backend:5000' })).toBeInstanceOf(HttpTransport);
      expect((createTransport({ type: 'composite', transports: [{ type: 'console' }] }) as CompositeTransport).transports).toHaveLength(1);
    } finally {
      await server.stop();
    }
  });

  it('names what is wrong with a configuration', () => {
    expect(() => createTransport({ type: 'kafka' } as never)).toThrow('unknown transport type "kafka": use http, console, file, composite or noop');
    expect(() => createTransport({ type: 'file' } as never)).toThrow('file transport: log_file_path is required');
    expect(() => createTransport({ type: 'composite', transports: [] })).toThrow('composite transport: transports must name at least one transport');
  });
});
