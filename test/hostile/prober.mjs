// Polls a URL every `intervalMs`, each poll on its own connection, as a kubelet does, from its
// own process: the test process's own work (sending a large body) must not delay the polls.
// usage: node prober.mjs <url> <intervalMs> <timeoutMs>; a poll not answered within timeoutMs has
// status 0. Prints "ready", "polled" after each poll, then on the line "stop" (or when
// stdin closes: the test has gone) prints one JSON line, { latencies, statuses }, and exits.
import http from 'node:http';

const [url, intervalMs, timeoutMs] = process.argv.slice(2);
const latencies = [];
const statuses = [];
const polls = [];

function poll() {
  const started = performance.now();
  return new Promise((resolve) => {
    const request = http.get(url, { agent: false, timeout: Number(timeoutMs) }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(0));
  }).then((status) => {
    latencies.push(performance.now() - started);
    statuses.push(status);
    process.stdout.write('polled\n');
  });
}

const timer = setInterval(() => polls.push(poll()), Number(intervalMs));
const stop = async () => {
  clearInterval(timer);
  await Promise.all(polls);
  process.stdout.write(`${JSON.stringify({ latencies, statuses })}\n`, () => process.exit(0));
};
process.stdin.setEncoding('utf8');
process.stdin.on('data', (line) => line.includes('stop') && stop());
process.stdin.on('end', () => process.exit(0));
process.stdout.write('ready\n');
