// Summarises a V8 .cpuprofile: inclusive time by part of the request path (a sample counts for a
// part when any frame on its stack belongs to it) and the top functions by self time.

/** Parts of the store's path, matched against `url function` of each frame. Order is display order. */
export const STORE_PARTS = [
  ['idle (waiting)', /^ \(idle\)$/],
  ['garbage collector', /^ \(garbage collector\)$/],
  ['HTTP: node:http + Fastify routing/reply', /node:_http|node:net|\/fastify\/lib\//],
  ['HTTP: Nest router/pipes/interceptors', /@nestjs\/(core|platform-fastify)/],
  ['HTTP: middie + pino-http', /@fastify\/middie|pino-http|nestjs-pino/],
  ['HTTP: @fastify/compress', /@fastify\/compress/],
  ['HTTP: request hooks + error filter', /core\/http\//],
  ['body parser (read, decode, JSON.parse)', /json-body-parser|raw-body|ingest\/body/],
  ['validation (envelope)', /event-envelope\.js/],
  ['hashing (sha256)', /log-event\.js .*|createHash|digest|Hash/],
  ['logging (pino)', /\/pino\/|sonic-boom|pino-std-serializers/],
  ['metrics (prom-client)', /prom-client/],
  ['group commit + log append', /group-commit|event-writer|event-log\.repository/],
  ['pg client (serialise, protocol)', /\/pg\/lib|pg-protocol|pg-pool|pg-types/],
  ['TypeORM', /\/typeorm\//],
  ['projection', /\/projection\//],
];

/**
 * `window` ({ fromUs, toUs } on CLOCK_MONOTONIC, as process.hrtime gives it and V8 stamps samples)
 * keeps only the samples taken under load, not start-up or shutdown.
 */
/** `fastify`, `@nestjs/core`, `dist/ingest`, `node:internal/crypto`, or `(garbage collector)`. */
function ownerOf(label) {
  const [url, fn] = label.split('\t');
  if (!url.trim()) return fn.startsWith('(') ? fn : `native ${fn}`;
  if (url.startsWith('dist/')) return url.split('/').slice(0, 2).join('/');
  if (url.startsWith('node:')) return url.split('/').slice(0, 3).join('/').replace(/\/[^/]*\.js$/, '');
  const parts = url.split('/');
  return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
}

export function summariseProfile(profile, events, window = { fromUs: -Infinity, toUs: Infinity }, cpuUsPerEvent = null, parts = STORE_PARTS) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const label = (n) => `${n.callFrame.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/dist\//, 'dist/')}\t${n.callFrame.functionName || '(anonymous)'}`;
  const sampleUs = new Map();
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i];
    if (at < window.fromUs || at > window.toUs) continue;
    const dt = profile.timeDeltas[i + 1] ?? 0;
    sampleUs.set(profile.samples[i], (sampleUs.get(profile.samples[i]) ?? 0) + dt);
  }
  const total = [...sampleUs.values()].reduce((a, b) => a + b, 0);
  const inclusive = new Map(parts.map(([name]) => [name, 0]));
  const self = new Map();
  for (const [id, us] of sampleUs) {
    const leaf = nodes.get(id);
    self.set(label(leaf), (self.get(label(leaf)) ?? 0) + us);
    const hit = new Set();
    for (let n = leaf; n; n = nodes.get(parent.get(n.id))) {
      const text = `${n.callFrame.url} ${n.callFrame.functionName}`;
      for (const [name, re] of parts) if (re.test(text)) hit.add(name);
    }
    for (const name of hit) inclusive.set(name, inclusive.get(name) + us);
  }
  const idle = [...self].filter(([name]) => name.endsWith('\t(idle)')).reduce((a, [, us]) => a + us, 0);
  const pct = (us) => `${((us / total) * 100).toFixed(1).padStart(5)} %`;
  // With the process's measured CPU per event, a busy sample's share of it; otherwise wall time.
  const perEvent = (us) =>
    cpuUsPerEvent == null ? `${(us / events).toFixed(0).padStart(5)} µs/event` : `${((us / (total - idle)) * cpuUsPerEvent).toFixed(0).padStart(5)} µs CPU/event`;
  const lines = [
    `profile: ${(total / 1e6).toFixed(1)} s sampled under load, ${pct(idle)} idle; inclusive by part` +
      (cpuUsPerEvent == null ? ' (wall time per event):' : ` (share of the ${cpuUsPerEvent.toFixed(0)} µs of CPU per event):`),
  ];
  for (const [name, us] of inclusive) lines.push(`  ${pct(us)} ${perEvent(us)}  ${name}`);
  const byOwner = new Map();
  for (const [name, us] of self) {
    const owner = ownerOf(name);
    byOwner.set(owner, (byOwner.get(owner) ?? 0) + us);
  }
  lines.push('self time by owner (package, dist/ folder, or node internals):');
  for (const [name, us] of [...byOwner].sort((a, b) => b[1] - a[1]).slice(0, 20)) lines.push(`  ${pct(us)} ${perEvent(us)}  ${name}`);
  lines.push('top 25 by self time:');
  for (const [name, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) lines.push(`  ${pct(us)} ${perEvent(us)}  ${name.replace('\t', ' ')}`);
  return lines.join('\n');
}
