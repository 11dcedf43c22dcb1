// Open-loop readers: one request every 1/rate s whatever the answers, latency counted from when each
// was due (a closed loop would only measure the requests it managed to send). Kinds in turn. Without
// a rate, one request at a time (each sent when the last is answered): what one read costs, with no
// other request of the benchmark's to wait behind.
import http from 'node:http';

/**
 * Browsers, the web UI and most HTTP clients ask for gzip: the store compresses what it answers
 * them, and that is part of a read's cost. BENCH_READ_ACCEPT_ENCODING= (empty) asks for none.
 */
const ACCEPT_ENCODING = process.env.BENCH_READ_ACCEPT_ENCODING ?? 'gzip, deflate';

/**
 * `count` requests per kind, kinds interleaved, `rate` requests/s in all (null: one at a time).
 * Returns per kind the latencies, and beside each the index of the target it asked about.
 */
export async function readers(baseUrl, kinds, targets, { rate, count }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const samples = Object.fromEntries(kinds.map((k) => [k.key, { latencies: [], targetIndex: [], errors: 0, statuses: {} }]));
  const headers = ACCEPT_ENCODING ? { 'accept-encoding': ACCEPT_ENCODING } : {};
  const pending = new Set();
  const start = performance.now();
  const total = count * kinds.length;
  for (let i = 0; i < total; i++) {
    const due = rate === null ? performance.now() : start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const kind = kinds[i % kinds.length];
    const n = Math.floor(i / kinds.length);
    const target = n % targets.length;
    const url = new URL(kind.url(targets[target], n), baseUrl);
    const sent = Math.min(due, performance.now());
    const s = samples[kind.key];
    const p = new Promise((resolve) => {
      const req = http.get(url, { agent, headers }, (res) => {
        res.resume();
        res.on('end', () => {
          s.latencies.push(performance.now() - sent);
          s.targetIndex.push(target);
          if (res.statusCode >= 400) {
            s.errors++;
            s.statuses[res.statusCode] = (s.statuses[res.statusCode] ?? 0) + 1;
          }
          resolve();
        });
      });
      req.on('error', () => {
        s.errors++;
        resolve();
      });
    });
    pending.add(p);
    void p.then(() => pending.delete(p));
    if (rate === null) await p;
  }
  await Promise.all(pending);
  agent.destroy();
  return { samples, seconds: (performance.now() - start) / 1000 };
}

/** The value at quantile `q` of ascending `sorted`. */
export const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))];
const at = (sorted, q) => Number(quantile(sorted, q).toFixed(2));

/** p50, p99, p99.9 and max of one kind's latencies (ms). */
export function latencySummary({ latencies, errors, statuses }) {
  const sorted = [...latencies].sort((a, b) => a - b);
  if (sorted.length === 0) return { requests: 0, errors, statuses };
  return { requests: sorted.length, errors, statuses, p50: at(sorted, 0.5), p99: at(sorted, 0.99), p999: at(sorted, 0.999), max: at(sorted, 1) };
}
