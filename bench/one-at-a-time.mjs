// Closed loop with one request in flight: each event is sent when the previous one is answered, so
// the server handles every request alone (no batching of concurrent requests), as it does at a
// moderate rate on a quiet machine; its CPU per event is then the same however busy the machine is.
import http from 'node:http';

export async function oneAtATime(url, { events, body, path = '/api/v1/lineage' }) {
  const target = new URL(path, url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const latencies = [];
  let failed = 0;
  const send = (payload) =>
    new Promise((resolve) => {
      const started = performance.now();
      const req = http.request(
        target,
        { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } },
        (res) => {
          res.resume();
          res.on('end', () => {
            latencies.push(performance.now() - started);
            if (res.statusCode < 200 || res.statusCode >= 300) failed++;
            resolve();
          });
        },
      );
      req.on('error', () => {
        failed++;
        resolve();
      });
      req.end(payload);
    });
  const started = performance.now();
  for (let i = 0; i < events; i++) await send(body());
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q) => Number(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))].toFixed(2));
  return { eventsPerSecond: events / seconds, p50: at(0.5), p99: at(0.99), failed };
}
