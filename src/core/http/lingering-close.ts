import type { IncomingMessage } from 'node:http';

/** How much of a refused body is read, and for how long, before the connection is closed anyway. */
export const LINGER_MAX_BYTES = 64 * 1024 * 1024;
export const LINGER_MAX_MS = 10_000;

/**
 * Reads and discards what is left of a request body that was refused before it was read (413).
 * Closing a socket that still holds unread data makes the kernel reset the connection, and a
 * client still sending then gets EPIPE or ECONNRESET instead of the answer: reading the rest
 * first lets the answer and the close arrive in order (nginx's lingering close). Resolves when
 * the body has ended, or when LINGER_MAX_BYTES or LINGER_MAX_MS is reached.
 */
export function discardRequestBody(req: IncomingMessage, maxBytes = LINGER_MAX_BYTES, maxMs = LINGER_MAX_MS): Promise<void> {
  if (req.complete || req.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let discarded = 0;
    const done = () => {
      clearTimeout(timer);
      req.off('data', onData);
      req.off('end', done);
      req.off('close', done);
      req.off('error', done);
      resolve();
    };
    const onData = (chunk: Buffer | string) => {
      discarded += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
      if (discarded > maxBytes) done();
    };
    const timer = setTimeout(done, maxMs);
    // A decompression stream may still be fed from the request: the rest is not worth decoding.
    req.unpipe();
    req.on('data', onData);
    req.once('end', done);
    req.once('close', done);
    req.once('error', done);
    req.resume();
  });
}
