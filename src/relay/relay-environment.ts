import { plainToInstance, Transform } from 'class-transformer';
import { IsInt, IsString, Matches, Max, Min, MinLength, validateSync } from 'class-validator';
import { ConfigurationError } from '../core/config/configuration-error';
import { IngestSettings, redactUrl, toInt } from '../core/config/environment';

const MIB = 1024 * 1024;

/**
 * Every setting of `metadata-store relay`, one environment variable each; defaults here are the
 * documented ones (.env.example). The body limits and logging are the store's own (IngestSettings):
 * the relay must accept exactly what the store accepts, so give both the same values.
 */
export class RelayEnvironment extends IngestSettings {
  /** The store events are forwarded to, with its BASE_PATH if it has one (http://store:5000/lineage). */
  @IsString() @Matches(/^https?:\/\/[^/?#\s]+(\/[^?#\s]*)?$/, { message: 'RELAY_TARGET_URL must be an http:// or https:// URL without query or fragment' })
  RELAY_TARGET_URL = '';

  @Transform(toInt) @IsInt() @Min(0) @Max(65535)
  RELAY_PORT = 5001;

  /** localhost: only the producer in the same pod posts here. */
  @IsString() @MinLength(1)
  RELAY_HOST = '127.0.0.1';

  @IsString() @MinLength(1)
  RELAY_SPOOL_DIR = '.data/relay-spool';

  /** Bytes the spool may hold on disk; a request that would pass it is answered 503. */
  @Transform(toInt) @IsInt() @Min(64 * 1024)
  RELAY_SPOOL_MAX_BYTES = 1024 * MIB;

  /** A segment file is closed and a new one started past this size (at most an eighth of RELAY_SPOOL_MAX_BYTES is used). */
  @Transform(toInt) @IsInt() @Min(4096)
  RELAY_SEGMENT_BYTES = 16 * MIB;

  /** Events per forwarded batch; at most the store's INGEST_BATCH_MAX_EVENTS. */
  @Transform(toInt) @IsInt() @Min(1) @Max(100000)
  RELAY_BATCH_MAX_EVENTS = 500;

  /** Bytes of event text per forwarded batch (one larger event goes alone); below the store's BODY_LIMIT_BYTES. */
  @Transform(toInt) @IsInt() @Min(1024)
  RELAY_BATCH_MAX_BYTES = 4 * MIB;

  /** How long one forwarded batch may take before it counts as failed and is retried. */
  @Transform(toInt) @IsInt() @Min(100) @Max(600000)
  RELAY_FORWARD_TIMEOUT_MS = 10000;

  /** First wait after a failed batch; doubled per failure up to RELAY_RETRY_MAX_MS (with jitter). */
  @Transform(toInt) @IsInt() @Min(10) @Max(600000)
  RELAY_RETRY_MIN_MS = 250;

  @Transform(toInt) @IsInt() @Min(10) @Max(3600000)
  RELAY_RETRY_MAX_MS = 30000;

  /** On SIGTERM, how long the relay keeps forwarding what it holds before it exits (the rest stays spooled). */
  @Transform(toInt) @IsInt() @Min(0) @Max(600000)
  RELAY_SHUTDOWN_TIMEOUT_MS = 10000;
}

/** Validates the relay's environment; throws one ConfigurationError listing every bad variable. */
export function loadRelayEnvironment(env: NodeJS.ProcessEnv = process.env): RelayEnvironment {
  const raw: Record<string, unknown> = {};
  for (const key of Object.keys(new RelayEnvironment())) if (env[key] !== undefined) raw[key] = env[key];
  const config = plainToInstance(RelayEnvironment, raw, { exposeDefaultValues: true });
  const targetMissing = raw.RELAY_TARGET_URL === undefined || raw.RELAY_TARGET_URL === '';
  const problems = validateSync(config).filter((e) => !(targetMissing && e.property === 'RELAY_TARGET_URL')).map((e) => {
    const messages = Object.values(e.constraints ?? {}).join('; ');
    return `${e.property}=${JSON.stringify(redactUrl(raw[e.property]))}: ${messages}`;
  });
  if (targetMissing) problems.unshift('RELAY_TARGET_URL is required: the store to forward to, e.g. http://metadata-store:5000');
  else if (problems.length === 0 && config.RELAY_RETRY_MAX_MS < config.RELAY_RETRY_MIN_MS) problems.push('RELAY_RETRY_MAX_MS must be at least RELAY_RETRY_MIN_MS');
  if (problems.length > 0) throw new ConfigurationError(`invalid configuration: ${problems.join(' | ')}`);
  return config;
}
