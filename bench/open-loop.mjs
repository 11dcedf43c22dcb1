// Open-loop load at a fixed rate: a request is sent every 1/rate seconds whether or not earlier
// ones have been answered, and latency is measured from the moment it was due (a closed-loop
// generator such as wrk only measures the requests it managed to send).
// With `trace`, each request carries an `x-bench-seq` header and the result holds, per request, when
// it was due, sent and answered on the monotonic clock (process.hrtime, ms) that
// bench/relay-trace.cjs records the relay's side on.
import http from 'node:http';
import { medianAndTail, postEvent, succeeded } from './post-event.mjs';

const clock = () => Number(process.hrtime.bigint()) / 1e6;

export async function fixedRate(url, { rate, durationS, body, trace = false }) {
  const target = new URL('/api/v1/lineage', url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const latencies = [];
  const records = [];
  let ok = 0;
  let failed = 0;
  const pending = new Set();
  // performance.now() + offset = clock(): the record's times on the relay's clock.
  const offset = clock() - performance.now();
  const send = (seq, due) => {
    const sent = performance.now();
    const p = postEvent(agent, target, body(), trace ? { 'x-bench-seq': String(seq) } : {}).then((status) => {
      const answered = performance.now();
      latencies.push(answered - due);
      if (trace) records.push({ seq, due: due + offset, sent: sent + offset, answered: answered + offset });
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
    send(i, Math.min(due, performance.now()));
  }
  await Promise.all(pending);
  agent.destroy();
  return { eventsPerSecond: ok / durationS, ...medianAndTail(latencies), failed, durationS, ...(trace ? { records } : {}) };
}
