// The test files of the process tier (jest.config.js): each needs the built service, or another
// program, as a process of its own, for the reason given. Every other test under test/ outside the
// unit tier runs in-process.
exports.PROCESS_TESTS = [
  'test/ci/node24.test.ts', // runs the CI's Node set-up script
  'test/cli/cli.test.ts', // the command line
  'test/cli/commands.test.ts',
  'test/cli/first-lines.test.ts', // what a started process prints first
  'test/faults/crash-and-drain.test.ts', // a killed process
  'test/faults/ctrl-c-embedded.test.ts', // Ctrl-C to the store with its embedded PostgreSQL
  'test/faults/database-outage.test.ts', // PostgreSQL stopped and started under load
  'test/hostile/bounded-ingest.test.ts', // the server's event loop under hostile bodies
  'test/hostile/reads-vs-ingest.test.ts', // the server's event loop under concurrent reads
  'test/hostile/slow-connections.test.ts', // socket timeouts of the process
  'test/inout/import-marquez-interrupted.test.ts', // the import command killed (-9), then run again
  'test/ops/config.test.ts', // start-up refuses bad configuration
  'test/ops/database-tls.test.ts', // TLS to PostgreSQL
  'test/ops/health.test.ts', // the healthcheck command a container runs
  'test/ops/logs.test.ts', // the process's stdout
  'test/ops/operator-signals.test.ts', // signals
  'test/ops/shutdown.test.ts', // signals under load
  'test/ops/tls.test.ts', // TLS listener
  'test/ops/tracing.test.ts', // OpenTelemetry instruments a process as it starts
  'test/projection/concurrency-and-replay.test.ts', // replicas projecting at once; the reproject command
  'test/projection/poison-event.test.ts', // the error line the projector thread writes to stdout
  'test/projection/set-aside.test.ts', // the reproject command
  'test/relay/relay-process.test.ts', // the relay killed (-9) and stopped, then started again on its spool
  'test/seed/seed-cli.test.ts', // the command line
  'test/suite/cleanup.test.ts', // an interrupted jest leaves no process behind
];

// The process tests that bound a latency of the service (liveness under hostile load, answers
// within a timeout while PostgreSQL is down): `npm test` runs them last, one at a time, with
// nothing of ours beside them. Every other test shares the run's workers.
exports.ALONE_TESTS = [
  'test/faults/database-outage.test.ts',
  'test/hostile/bounded-ingest.test.ts',
  'test/hostile/reads-vs-ingest.test.ts',
  'test/hostile/slow-connections.test.ts',
];

