#!/usr/bin/env node
// `npm run seed -- --datasets N [--seed S]`: fills the store with a generated lineage graph.
import * as fs from 'node:fs';
import { parseArgs } from 'node:util';
import { migrate } from '../cli/migrate';
import { ConfigurationError, loadEnvironment } from '../core/config/environment';
import { EmbeddedDatabase, startEmbeddedPostgres } from '../database/embedded-postgres';
import { seedStore } from './seed-store';
import { MIN_DATASETS } from './world';

const USAGE = 'usage: npm run seed -- --datasets N [--seed S]';

function positiveInteger(value: string | undefined, name: string): number {
  if (value === undefined || !/^\d+$/.test(value)) throw new ConfigurationError(`--${name} must be a positive integer; ${USAGE}`);
  return Number(value);
}

function parsedArguments(): { datasets?: string; seed?: string } {
  try {
    return parseArgs({ options: { datasets: { type: 'string' }, seed: { type: 'string', default: '1' } } }).values;
  } catch (error) {
    // Node's message spans lines (hints); the first names the problem.
    throw new ConfigurationError(`${(error as Error).message.split('\n')[0].replace(/\.$/, '')}; ${USAGE}`);
  }
}

async function main(): Promise<void> {
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const values = parsedArguments();
  const datasets = positiveInteger(values.datasets, 'datasets');
  if (datasets < MIN_DATASETS) throw new ConfigurationError(`--datasets must be at least ${MIN_DATASETS}; ${USAGE}`);
  const seed = positiveInteger(values.seed, 'seed');
  const env = loadEnvironment();
  let embedded: EmbeddedDatabase | null = null;
  const log = (line: string) => process.stderr.write(`${line}\n`);
  try {
    let databaseUrl = env.DATABASE_URL;
    if (!databaseUrl) {
      embedded = await startEmbeddedPostgres(env.EMBEDDED_POSTGRES_DIR, env.EMBEDDED_POSTGRES_PORT, log);
      databaseUrl = embedded.url;
      log(`seed: embedded PostgreSQL on port ${env.EMBEDDED_POSTGRES_PORT}, data in ${env.EMBEDDED_POSTGRES_DIR}`);
    }
    await migrate({ url: databaseUrl });
    const report = await seedStore(env, databaseUrl, { datasets, seed, progress: log });
    process.stdout.write(`${JSON.stringify(report)}\n`);
  } finally {
    await embedded?.stop();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    process.stderr.write(`seed failed: ${error instanceof ConfigurationError ? error.message : (error as Error).stack}\n`);
    process.exit(1);
  },
);
