// One POST of an event body through `agent`; resolves with the status (0 when the request failed),
// once the answer has been read. The load generators time it from their own starting points.
import http from 'node:http';

export function postEvent(agent, target, payload, headers = {}) {
  return new Promise((resolve) => {
    const req = http.request(
      target,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...headers } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', () => resolve(0));
    req.end(payload);
  });
}

/** p50 and p99 of latencies in ms (nearest rank), to two decimals. */
export function medianAndTail(latencies) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q) => Number(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))].toFixed(2));
  return { p50: at(0.5), p99: at(0.99) };
}

export const succeeded = (status) => status >= 200 && status < 300;
