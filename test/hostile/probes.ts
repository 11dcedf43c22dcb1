import { readFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import * as http from 'node:http';
import * as path from 'node:path';
import { track } from '../support/child-processes';
import { waitFor } from '../support/wait-for';

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

const PROBER = path.join(__dirname, 'prober.mjs');

/**
 * Polls `url` every `intervalMs` from a process of its own (prober.mjs, each poll on its own
 * connection, as a kubelet does; a poll unanswered after `timeoutMs` has status 0), and samples the RSS of process `pid`, until stopped. Latencies
 * are measured from the moment each poll was sent. Resolves once the prober is polling.
 */
export async function startProbing(url: string, pid: number, intervalMs: number, timeoutMs: number) {
  const baseRss = rssBytes(pid);
  let peakRss = baseRss;
  const rssTimer = setInterval(() => (peakRss = Math.max(peakRss, rssBytes(pid))), intervalMs);
  const prober = track(spawn(process.execPath, [PROBER, url, String(intervalMs), String(timeoutMs)], { stdio: ['pipe', 'pipe', 'inherit'] }), 'prober');
  const lines: string[] = [];
  const nextLine = () =>
    new Promise<string>((resolve, reject) => {
      if (lines.length > 0) return resolve(lines.shift()!);
      prober.once('exit', () => reject(new Error('the prober exited')));
      prober.stdout!.once('data', () => resolve(nextLine()));
    });
  let buffered = '';
  let polled = 0;
  prober.stdout!.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    const parts = buffered.split('\n');
    buffered = parts.pop() ?? '';
    for (const line of parts) {
      if (line === 'polled') polled += 1;
      else lines.push(line);
    }
  });
  expect(await nextLine()).toBe('ready');
  return {
    /** Resolves once `count` more polls than so far have been answered or have failed. */
    async morePolls(count: number) {
      const target = polled + count;
      await waitFor(`${count} liveness polls`, () => polled >= target, 30_000);
    },
    async stop() {
      clearInterval(rssTimer);
      prober.stdin!.write('stop\n');
      const { latencies, statuses } = JSON.parse(await nextLine()) as { latencies: number[]; statuses: number[] };
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
