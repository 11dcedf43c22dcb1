import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  /** The body as sent (still gzipped when it was). */
  raw: Buffer;
  /** The body, gunzipped if content-encoding says gzip, parsed as JSON. */
  json: any;
}

/**
 * What the server does with a request: answer a status, drop the connection (a network error),
 * or hold it unanswered until release() (a slow or hung server).
 */
export type Reply = number | 'drop' | 'hold';

/**
 * A real HTTP server on 127.0.0.1 standing in for a lineage backend: records every request and
 * answers from a script of replies (then `fallback`, 201 unless changed).
 */
export class LineageServer {
  readonly requests: ReceivedRequest[] = [];
  fallback: Reply = 201;
  private readonly script: Reply[] = [];
  private readonly held: ServerResponse[] = [];
  private readonly server = createServer((req, res) => this.handle(req, res));
  url = '';

  static async start(): Promise<LineageServer> {
    const server = new LineageServer();
    await new Promise<void>((resolve) => server.server.listen(0, '127.0.0.1', resolve));
    server.url = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
    return server;
  }

  /** The next requests get these replies, in order. */
  reply(...replies: Reply[]): void {
    this.script.push(...replies);
  }

  /** Answers every held request with `status`. */
  release(status = 201): void {
    for (const res of this.held.splice(0)) res.writeHead(status).end();
  }

  get heldCount(): number {
    return this.held.length;
  }

  /** The events received, in arrival order. */
  get events(): any[] {
    return this.requests.map((request) => request.json);
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const text = (req.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
      this.requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, raw, json: text ? JSON.parse(text) : undefined });
      const reply = this.script.length ? this.script.shift()! : this.fallback;
      if (reply === 'drop') req.socket.destroy();
      else if (reply === 'hold') this.held.push(res);
      else res.writeHead(reply, { 'content-type': 'application/json' }).end(reply >= 400 ? JSON.stringify({ code: `status_${reply}` }) : '{}');
    });
  }
}

/** Polls until `condition` holds, failing with `what` after the deadline. */
export async function waitFor(what: string, condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
