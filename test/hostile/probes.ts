import { readFileSync } from 'node:fs';
import * as http from 'node:http';

/** Resident memory of a process, in bytes (Linux /proc). */
export function rssBytes(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'))!;
  return Number(line.replace(/\D/g, '')) * 1024;
}

/** One GET on a fresh connection; resolves with the status (0 when refused, reset or over `timeoutMs`). */
export function probe(url: string, timeoutMs = 2000): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const request = http.get(url, { agent: false, timeout: timeoutMs }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
  });
}

/**
 * Polls `url` every `intervalMs` (each poll on its own connection, as a kubelet does) and the
 * process's RSS, until stopped. Latencies are measured from the moment each poll was sent.
 */
export function startProbing(url: string, pid: number, intervalMs = 10) {
  const latencies: number[] = [];
  const statuses: number[] = [];
  const baseRss = rssBytes(pid);
  let peakRss = baseRss;
  let running = true;
  const polls: Array<Promise<void>> = [];
  const timer = setInterval(() => {
    if (!running) return;
    peakRss = Math.max(peakRss, rssBytes(pid));
    polls.push(
      probe(url).then(({ status, ms }) => {
        latencies.push(ms);
        statuses.push(status);
      }),
    );
  }, intervalMs);
  return {
    async stop() {
      running = false;
      clearInterval(timer);
      await Promise.all(polls);
      const sorted = [...latencies].sort((a, b) => a - b);
      return {
        polls: sorted.length,
        p99Ms: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? Infinity,
        maxMs: sorted[sorted.length - 1] ?? Infinity,
        statuses,
        rssGrowthBytes: peakRss - baseRss,
      };
    },
  };
}

/** Percentile of a list of numbers (nearest rank). */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
}
