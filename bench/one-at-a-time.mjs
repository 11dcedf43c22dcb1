// Closed loop with one request in flight: each event is sent when the previous one is answered, so
// the server handles every request alone (no batching of concurrent requests), as it does at a
// moderate rate on a quiet machine; its CPU per event is then the same however busy the machine is.
import http from 'node:http';
import { medianAndTail, postEvent, succeeded } from './post-event.mjs';

export async function oneAtATime(url, { events, body, path = '/api/v1/lineage' }) {
  const target = new URL(path, url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const latencies = [];
  let failed = 0;
  const started = performance.now();
  for (let i = 0; i < events; i++) {
    const sent = performance.now();
    if (!succeeded(await postEvent(agent, target, body()))) failed++;
    latencies.push(performance.now() - sent);
  }
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return { eventsPerSecond: events / seconds, ...medianAndTail(latencies), failed };
}
