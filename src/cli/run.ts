import * as fs from 'node:fs';
import { ConfigurationError, loadEnvironment } from '../core/config/environment';
import { cliLog } from './cli-log';
import { healthcheck } from './healthcheck';
import { migrate } from './migrate';
import { reproject } from './reproject';
import { serve } from './serve';

const USAGE = 'usage: metadata-store <serve|migrate|healthcheck|reproject>';

function requireDatabaseUrl(url: string | undefined, command: string): string {
  if (!url) throw new ConfigurationError(`DATABASE_URL is required for \`${command}\``);
  return url;
}

/** Entry point of every command; returns only for commands that finish (not `serve`). */
export async function run(argv: string[]): Promise<void> {
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const command = argv[0] ?? 'serve';
  try {
    const env = loadEnvironment();
    switch (command) {
      case 'serve':
        await serve(env, cliLog);
        return;
      case 'migrate': {
        const applied = await migrate(requireDatabaseUrl(env.DATABASE_URL, command));
        cliLog.info(applied.length ? `applied ${applied.length} migration(s): ${applied.join(', ')}` : 'the schema is up to date');
        process.exit(0);
      }
      case 'healthcheck':
        process.exit((await healthcheck(env)) ? 0 : 1);
      case 'reproject': {
        const { events } = await reproject(env, requireDatabaseUrl(env.DATABASE_URL, command));
        cliLog.info(`reprojected ${events} event(s) from the log`);
        process.exit(0);
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
