import { ConfigurationError } from '../core/config/configuration-error';
import { Environment } from '../core/config/environment';
import { DatabaseTarget } from '../database/data-source';
import { EmbeddedDatabase, EmbeddedPostgresMissingError, startEmbeddedPostgres } from '../database/embedded-postgres';

export interface CommandDatabase extends DatabaseTarget {
  /** The embedded PostgreSQL this command started, if any (stop it when done). */
  embedded: EmbeddedDatabase | null;
}

/**
 * DATABASE_URL (with DATABASE_CA_FILE), or else the embedded PostgreSQL under EMBEDDED_POSTGRES_DIR: `migrate` and
 * `reproject` use the one a running `serve` started (`serve` refuses to share it); otherwise
 * they start it for themselves.
 */
export async function commandDatabase(env: Environment, command: string, log: (message: string) => void): Promise<CommandDatabase> {
  if (env.DATABASE_URL) return { url: env.DATABASE_URL, caFile: env.DATABASE_CA_FILE, embedded: null };
  try {
    const embedded = await startEmbeddedPostgres(env.EMBEDDED_POSTGRES_DIR, env.EMBEDDED_POSTGRES_PORT, log, {
      shareRunning: command !== 'serve',
    });
    return { url: embedded.url, embedded };
  } catch (error) {
    if (error instanceof EmbeddedPostgresMissingError) {
      throw new ConfigurationError(
        `DATABASE_URL is not set and this installation has no embedded PostgreSQL (the container image leaves it out): ` +
          `set DATABASE_URL to your PostgreSQL for \`${command}\``,
      );
    }
    throw error;
  }
}
