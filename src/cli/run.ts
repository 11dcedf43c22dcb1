import * as fs from 'node:fs';
import { ConfigurationError } from '../core/config/configuration-error';
import { serviceVersion } from '../core/service-version';
import { cliLog } from './cli-log';

const USAGE = 'usage: metadata-store <serve|migrate|healthcheck|reproject|retention|relay|export|import|import-marquez> | --help | --version';

const HELP = `metadata-store: collects OpenLineage events into PostgreSQL and serves the datasets they name.

${USAGE}

Commands:
  serve        start the HTTP service (the default). Without DATABASE_URL it starts an embedded
               PostgreSQL under EMBEDDED_POSTGRES_DIR and migrates it.
  migrate      apply pending schema migrations, then exit.
  reproject    rebuild the read tables from the event log (also retries set-aside events),
               printing progress; serving replicas help.
  retention    retire now the log partitions older than RETENTION_DAYS, with the read rows their
               events leave behind (serve does it every 10 minutes); --dry-run prints what would
               go (partitions, events, bytes, run-level rows) and changes nothing.
  healthcheck  probe this host's /health/ready; exit 0 when ready, 1 with the reason otherwise.
  export --out FILE [--after TIME] [--before TIME] [--namespace NS]
               write the log as NDJSON (gzip when FILE ends in .gz), one event a line as
               received, filtered by received time and namespace; no server needed.
  import --from FILE
               ingest an NDJSON file (an export, gzip or not) through the store's checks, then
               project it; refusals are listed and counted. Rerunning stores only what is new.
  import-marquez --from URL [--from-start]
               import a Marquez database's lineage_events (PostgreSQL URL) in the order Marquez
               received them, through the store's checks, then project them; resumes where the
               last run stopped unless --from-start.
  relay        a local relay for a producer (a sidecar next to Trino): takes events on RELAY_PORT
               (5001), answers once they are on disk in RELAY_SPOOL_DIR, and forwards them to the
               store at RELAY_TARGET_URL, retrying until the store has them. Needs no database.

Options:
  -h, --help     print this help
  -V, --version  print the version (and the commit, when known)

Settings are environment variables (or a .env file in the working directory): DATABASE_URL,
DATABASE_CA_FILE, PORT, HOST, BASE_PATH, INGEST_MODE, ... see .env.example and the README.
`;

/**
 * Entry point of every command; returns only for commands that finish (not `serve`). Each
 * command's modules are loaded (require) only when it runs: `healthcheck` runs every 10 s in the
 * image and must not load Nest.
 */
/* eslint-disable @typescript-eslint/no-require-imports */
export async function run(argv: string[]): Promise<void> {
  const command = argv[0] ?? 'serve';
  if (command === '--help' || command === '-h' || command === 'help') {
    process.stdout.write(HELP);
    process.exit(0);
  }
  if (command === '--version' || command === '-V') {
    const { version, commit } = serviceVersion();
    process.stdout.write(`metadata-store ${version}${commit ? ` (${commit})` : ''}\n`);
    process.exit(0);
  }
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  try {
    switch (command) {
      case 'healthcheck': {
        const { healthcheckTarget, probeReadiness } = require('./healthcheck') as typeof import('./healthcheck');
        const target = healthcheckTarget(process.env);
        if ('error' in target) throw new ConfigurationError(`invalid configuration: ${target.error}`);
        const failure = await probeReadiness(target);
        if (failure) {
          cliLog.error(`healthcheck: not ready: ${failure}`);
          process.exit(1);
        }
        process.exit(0);
      }
      case 'serve': {
        // Tracing must start before any instrumented module (http, pg, fastify, pino) is loaded.
        require('../core/observability/tracing');
        const { loadEnvironment } = require('../core/config/environment') as typeof import('../core/config/environment');
        // A bad setting stops the start here, before the service's modules are loaded.
        const env = loadEnvironment();
        const { serve } = require('./serve') as typeof import('./serve');
        await serve(env, cliLog);
        return;
      }
      case 'migrate': {
        const { loadEnvironment } = require('../core/config/environment') as typeof import('../core/config/environment');
        const { migrateCommand } = require('./migrate-command') as typeof import('./migrate-command');
        await migrateCommand(loadEnvironment(), cliLog);
        process.exit(0);
      }
      case 'reproject': {
        const { loadEnvironment } = require('../core/config/environment') as typeof import('../core/config/environment');
        const { reprojectCommand } = require('./reproject') as typeof import('./reproject');
        await reprojectCommand(loadEnvironment(), cliLog);
        process.exit(0);
      }
      case 'export':
      case 'import':
      case 'import-marquez': {
        const { loadEnvironment } = require('../core/config/environment') as typeof import('../core/config/environment');
        const { runInOutCommand } = require('./import/in-out-commands') as typeof import('./import/in-out-commands');
        await runInOutCommand(command, argv.slice(1), loadEnvironment(), cliLog);
        process.exit(0);
      }
      case 'retention': {
        const { loadEnvironment } = require('../core/config/environment') as typeof import('../core/config/environment');
        const { retentionCommand } = require('./retention-command') as typeof import('./retention-command');
        await retentionCommand(loadEnvironment(), argv.slice(1), cliLog);
        process.exit(0);
      }
      case 'relay': {
        const { loadRelayEnvironment } = require('../relay/relay-environment') as typeof import('../relay/relay-environment');
        const { relayCommand } = require('../relay/relay-command') as typeof import('../relay/relay-command');
        await relayCommand(loadRelayEnvironment());
        return;
      }
      default:
        cliLog.error(`unknown command '${command}'; ${USAGE}`);
        process.exit(2);
    }
  } catch (error) {
    cliLog.error(error instanceof ConfigurationError ? error.message : `${command} failed: ${(error as Error).message}`);
    process.exit(1);
  }
}
