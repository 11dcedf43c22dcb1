import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { guardConnections } from '../../src/core/http/connection-guard';

/**
 * Closing the listener closes the connections idle at that moment (as Fastify's close does); a
 * keep-alive connection still being answered then must end once its answer is sent, or it holds
 * the close until the keep-alive timeout (here ten minutes: longer than jest lets the test run).
 */
describe('connection guard: a connection answered while the listener closes', () => {
  it('ends once its answer is sent, so the close completes', async () => {
    let finishAnswer!: () => void;
    const server = http.createServer({ keepAliveTimeout: 600_000 }, (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.write('first part;');
      finishAnswer = () => response.end('last part');
    });
    guardConnections(server, 100);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;

    const client = net.connect(port, '127.0.0.1');
    let received = '';
    const firstPart = new Promise<void>((resolve) =>
      client.on('data', (chunk) => {
        received += chunk.toString();
        if (received.includes('first part;')) resolve();
      }),
    );
    const endedByServer = new Promise<void>((resolve) => client.once('end', resolve));
    client.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n`);
    await firstPart;

    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    finishAnswer();

    await endedByServer;
    await closed;
    expect(received).toContain('last part');
    client.destroy();
  });
});
