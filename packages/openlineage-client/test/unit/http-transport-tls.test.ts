import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EventBuilder, HttpTransport, newRunId, TransportError } from '../../src';

let dir: string;
let server: Server;
let url: string;
const received: unknown[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ol-tls-'));
  const [key, cert] = [join(dir, 'tls.key'), join(dir, 'tls.crt')];
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], {
    stdio: 'ignore',
  });
  server = createServer({ key: readFileSync(key), cert: readFileSync(cert) }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

const event = () => new EventBuilder().runEvent({ eventType: 'START', run: { runId: newRunId() }, job: { namespace: 'etl', name: 'tls' } });

describe('http transport over TLS', () => {
  it('checks the certificate by default: a self-signed one is refused', async () => {
    const transport = new HttpTransport({ url, retry: { total: 0 } });
    const error = await transport.emit(event()).catch((e: unknown) => e);
    await transport.close();
    expect(error).toBeInstanceOf(TransportError);
    expect((error as Error).message).toMatch(/self[- ]signed certificate/);
    expect(received).toHaveLength(0);
  });

  it('delivers with verify: false', async () => {
    const transport = new HttpTransport({ url, verify: false });
    const sent = event();
    await transport.emit(sent);
    await transport.close();
    expect(received).toEqual([sent]);
  });
});
