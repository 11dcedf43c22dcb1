// Open-loop load at a fixed rate: a request is sent every 1/rate seconds whether or not earlier
// ones have been answered, and latency is measured from the moment it was due (a closed-loop
// generator such as wrk only measures the requests it managed to send).
import http from 'node:http';
import { medianAndTail, postEvent, succeeded } from './post-event.mjs';

export async function fixedRate(url, { rate, durationS, body }) {
  const target = new URL('/api/v1/lineage', url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const latencies = [];
  let ok = 0;
  let failed = 0;
  const pending = new Set();
  const send = (due) => {
    const p = postEvent(agent, target, body()).then((status) => {
      latencies.push(performance.now() - due);
      if (succeeded(status)) ok++;
      else failed++;
    });
    pending.add(p);
    void p.then(() => pending.delete(p));
  };
  const start = performance.now();
  const total = Math.round(rate * durationS);
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    send(Math.min(due, performance.now()));
  }
  await Promise.all(pending);
  agent.destroy();
  return { eventsPerSecond: ok / durationS, ...medianAndTail(latencies), failed, durationS };
}
