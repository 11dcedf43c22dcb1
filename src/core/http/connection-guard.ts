import { readFileSync } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { Server as TlsServer } from 'node:tls';

/** Descriptors kept for PostgreSQL pools, log and static files, and connections being replaced. */
export const DESCRIPTOR_RESERVE = 128;
const FALLBACK_MAX_CONNECTIONS = 1000;

/** The soft `Max open files` limit of this process (Linux), or null where it cannot be read. */
export function descriptorLimit(limitsFile = '/proc/self/limits'): number | null {
  try {
    const line = readFileSync(limitsFile, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const soft = line?.split(/\s{2,}/)[1];
    return soft && /^\d+$/.test(soft) ? Number(soft) : null;
  } catch {
    return null;
  }
}

/** HTTP_MAX_CONNECTIONS, or (when 0) the descriptor limit less the reserve. */
export function maxConnections(configured: number, limit = descriptorLimit()): number {
  if (configured > 0) return configured;
  if (limit === null) return FALLBACK_MAX_CONNECTIONS;
  return Math.max(16, limit - DESCRIPTOR_RESERVE);
}

interface Tracked {
  request: IncomingMessage | null;
  response: ServerResponse | null;
}

/**
 * Keeps the number of open client connections at `max`, below the descriptor limit, so that a
 * flood of slow or idle connections can neither exhaust descriptors (PostgreSQL connections need
 * them) nor lock out health probes: when a new connection goes over the cap, the oldest
 * connection that is idle or still sending its request is closed. A connection whose request is
 * complete and being answered is never chosen, so no accepted event loses its answer. Once the
 * listener is closing, a connection ends as soon as its answer is sent.
 */
export function guardConnections(server: Server, max: number): void {
  const open = new Map<Socket, Tracked>();
  // Over TLS, requests come on the TLS socket (the handshake is bounded by handshakeTimeout).
  server.on(server instanceof TlsServer ? 'secureConnection' : 'connection', (socket: Socket) => {
    open.set(socket, { request: null, response: null });
    socket.once('close', () => open.delete(socket));
    if (open.size > max) evictOne(open, socket);
  });
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const tracked = open.get(request.socket);
    if (!tracked) return;
    tracked.request = request;
    tracked.response = response;
    response.once('finish', () => {
      if (tracked.response === response) {
        tracked.request = null;
        tracked.response = null;
      }
      // Closing the listener closes the connections idle at that moment; one still answering goes
      // idle only now, and keep-alive would hold it (and the close) for HTTP_KEEP_ALIVE_TIMEOUT_MS.
      if (!server.listening) request.socket.end();
    });
  });
}

function evictOne(open: Map<Socket, Tracked>, newcomer: Socket): void {
  for (const [socket, tracked] of open) {
    if (socket === newcomer) continue;
    const answering = tracked.request !== null && tracked.request.complete;
    if (!answering) {
      socket.destroy();
      open.delete(socket);
      return;
    }
  }
}
