// Loaded into the relay (`node --require bench/relay-trace.cjs dist/main.js relay`) by the
// benchmarks that attribute its slow requests; RELAY_TRACE_FILE names the JSON file written at exit.
// It records, on the monotonic clock the load generator uses too (process.hrtime, ms):
//   - per request carrying an `x-bench-seq` header: the request read (headers), the handler
//     started (body read and parsed), the spool append called (the store's checks done), the
//     append resolved (on disk) and the answer finished;
//   - every durable spool write (start, end, on the event loop or in libuv's pool, bytes);
//   - every spool read and every batch the forwarder sends (its retries against the store);
//   - every GC pause (perf_hooks) and the event loop's delay (monitorEventLoopDelay, 1 ms);
//   - the scheduler's counters of each thread (/proc schedstat: time run, time waiting for a CPU).
const dc = require('node:diagnostics_channel');
const fs = require('node:fs');
const path = require('node:path');
const { PerformanceObserver, monitorEventLoopDelay, performance } = require('node:perf_hooks');

const file = process.env.RELAY_TRACE_FILE;
const now = () => Number(process.hrtime.bigint()) / 1e6;
/** performance.now() + this = process.hrtime in ms (both monotonic). */
const timelineOffset = now() - performance.now();

const requests = new Map();
const writes = [];
const reads = [];
const forwards = [];
const gcs = [];
let current = null;

function schedstat() {
  const threads = {};
  for (const tid of fs.readdirSync('/proc/self/task')) {
    try {
      const name = tid === String(process.pid) ? 'main' : `${fs.readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim()} ${tid}`;
      const [runNs, waitNs, slices] = fs.readFileSync(`/proc/self/task/${tid}/schedstat`, 'utf8').trim().split(' ').map(Number);
      threads[name] = { runMs: runNs / 1e6, waitMs: waitNs / 1e6, slices };
    } catch {
      // the thread exited
    }
  }
  return threads;
}

dc.subscribe('http.server.request.start', ({ request }) => {
  const seq = request.headers['x-bench-seq'];
  if (seq !== undefined) requests.set(request, { seq: Number(seq), read: now() });
});
dc.subscribe('tracing:fastify.request.handler:start', ({ request }) => {
  current = requests.get(request.raw) ?? null;
  if (current) current.handler = now();
});
dc.subscribe('http.server.response.finish', ({ request }) => {
  const r = requests.get(request);
  if (r) r.finished = now();
});
dc.subscribe('undici:request:create', () => forwards.push(now()));

const { Spool } = require(path.resolve('dist/relay/spool/spool.js'));
const append = Spool.prototype.append;
Spool.prototype.append = function (...args) {
  const r = current;
  current = null;
  if (r) r.append = now();
  const result = append.apply(this, args);
  if (r) void result.then(() => (r.appended = now()), () => undefined);
  return result;
};

const DATA_WRITE_BYTES = 1024;
const writeSync = fs.writeSync;
fs.writeSync = function (fd, buffer, ...rest) {
  const start = now();
  const n = writeSync.call(this, fd, buffer, ...rest);
  if (n >= DATA_WRITE_BYTES && fd > 2) writes.push({ start, end: now(), onLoop: true, bytes: n });
  return n;
};
void fs.promises.open(__filename, 'r').then(async (handle) => {
  const proto = Object.getPrototypeOf(handle);
  await handle.close();
  const write = proto.write;
  proto.write = async function (...args) {
    const start = now();
    const result = await write.apply(this, args);
    writes.push({ start, end: now(), onLoop: false, bytes: result.bytesWritten });
    return result;
  };
  const read = proto.read;
  proto.read = async function (...args) {
    const start = now();
    const result = await read.apply(this, args);
    reads.push({ start, end: now(), bytes: result.bytesRead });
    return result;
  };
});

new PerformanceObserver((list) => {
  for (const e of list.getEntries()) gcs.push({ start: e.startTime + timelineOffset, ms: e.duration, kind: e.detail?.kind });
}).observe({ entryTypes: ['gc'] });
const loopDelay = monitorEventLoopDelay({ resolution: 1 });
loopDelay.enable();
const schedAtStart = schedstat();

process.on('exit', () => {
  if (!file) return;
  const ms = (ns) => ns / 1e6;
  fs.writeFileSync(
    file,
    JSON.stringify({
      requests: [...requests.values()],
      writes,
      reads,
      forwards,
      gcs,
      loopDelay: { p50: ms(loopDelay.percentile(50)), p99: ms(loopDelay.percentile(99)), max: ms(loopDelay.max), count: loopDelay.count },
      schedAtStart,
      schedAtEnd: schedstat(),
    }),
  );
});
