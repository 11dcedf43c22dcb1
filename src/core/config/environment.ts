import { X509Certificate } from 'node:crypto';
import * as fs from 'node:fs';
import { plainToInstance, Transform } from 'class-transformer';
import {
  IsEnum,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  Min,
  validateSync,
} from 'class-validator';
import { ConfigurationError } from './configuration-error';

export const toInt = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value.trim()) : value;
const emptyToUndefined = ({ value }: { value: unknown }) => (value === '' ? undefined : value);

export enum IngestMode {
  Sync = 'sync',
  Async = 'async',
}

/**
 * What ingest accepts and how a process logs: the store and its relay (src/relay) both take these,
 * with the same names, defaults and checks, so the relay accepts exactly what the store accepts.
 */
export class IngestSettings {
  @Transform(toInt) @IsInt() @Min(1024)
  BODY_LIMIT_BYTES = 32 * 1024 * 1024;

  /** Events in one POST /api/v1/lineage/batch; above it the batch is answered 413. */
  @Transform(toInt) @IsInt() @Min(1) @Max(100000)
  INGEST_BATCH_MAX_EVENTS = 1000;

  /** Elements of any one array in an event (inputs, outputs, schema fields, ...). */
  @Transform(toInt) @IsInt() @Min(100) @Max(1000000)
  INGEST_MAX_ARRAY_ELEMENTS = 10000;

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
    message: 'LOG_LEVEL must be one of: fatal, error, warn, info, debug, trace, silent',
  })
  LOG_LEVEL = 'info';

  @IsIn(['json', 'pretty'], { message: 'LOG_FORMAT must be one of: json, pretty' })
  LOG_FORMAT = 'json';
}

/**
 * Every setting of the service. Each property is one environment variable; defaults here are
 * the documented defaults (.env.example and docs/configuration.md list the same).
 */
export class Environment extends IngestSettings {
  @Transform(toInt) @IsInt() @Min(0) @Max(65535)
  PORT = 5000;

  @IsString()
  HOST = '0.0.0.0';

  @Transform(emptyToUndefined) @IsOptional() @Matches(/^\/?[A-Za-z0-9._~-]+(\/[A-Za-z0-9._~-]+)*\/?$/, {
    message: 'BASE_PATH must be a URL path such as /lineage (letters, digits, . _ ~ - and /)',
  })
  BASE_PATH?: string;

  @Transform(emptyToUndefined) @IsOptional() @Matches(/^postgres(ql)?:\/\//, {
    message: 'DATABASE_URL must be a postgres:// or postgresql:// URL',
  })
  DATABASE_URL?: string;

  /** A PEM CA bundle: with it, PostgreSQL's certificate must chain to one of its CAs and name the host. */
  @Transform(emptyToUndefined) @IsOptional() @IsString()
  DATABASE_CA_FILE?: string;

  @Transform(toInt) @IsInt() @Min(2) @Max(200)
  DATABASE_POOL_SIZE = 10;

  /** Connections for the read endpoints, apart from ingest's DATABASE_POOL_SIZE. */
  @Transform(toInt) @IsInt() @Min(1) @Max(200)
  DATABASE_READ_POOL_SIZE = 4;

  /** A read statement running longer is cancelled and answered 503 with Retry-After. */
  @Transform(toInt) @IsInt() @Min(100) @Max(600000)
  READ_STATEMENT_TIMEOUT_MS = 5000;

  /** A read that waits longer for one of the DATABASE_READ_POOL_SIZE connections is answered 503. */
  @Transform(toInt) @IsInt() @Min(10) @Max(60000)
  READ_QUEUE_TIMEOUT_MS = 1000;

  @IsString()
  EMBEDDED_POSTGRES_DIR = '.data/postgres';

  @Transform(toInt) @IsInt() @Min(1) @Max(65535)
  EMBEDDED_POSTGRES_PORT = 54329;

  @IsEnum(IngestMode, { message: 'INGEST_MODE must be one of: sync, async' })
  INGEST_MODE: IngestMode = IngestMode.Sync;

  @Transform(toInt) @IsInt() @Min(100) @Max(60000)
  INGEST_TIMEOUT_MS = 2000;

  @Transform(toInt) @IsInt() @Min(1) @Max(5000)
  INGEST_FLUSH_MAX_EVENTS = 200;

  @Transform(toInt) @IsInt() @Min(0) @Max(1000)
  INGEST_FLUSH_MAX_WAIT_MS = 0;

  @Transform(toInt) @IsInt() @Min(1) @Max(32)
  INGEST_WRITERS = 4;

  @Transform(toInt) @IsInt() @Min(1)
  ASYNC_QUEUE_MAX_EVENTS = 10000;

  @Transform(toInt) @IsInt() @Min(1024)
  ASYNC_QUEUE_MAX_BYTES = 64 * 1024 * 1024;

  @Transform(toInt) @IsInt() @Min(0) @Max(32)
  PROJECTION_WORKERS = 2;

  @Transform(toInt) @IsInt() @Min(1) @Max(10000)
  PROJECTION_BATCH_SIZE = 200;

  @Transform(toInt) @IsInt() @Min(10) @Max(600000)
  PROJECTION_POLL_INTERVAL_MS = 1000;

  @Transform(toInt) @IsInt() @Min(0) @Max(10000)
  PROJECTION_WAKE_DELAY_MS = 100;

  /** The projector thread's nice value (Linux): ingest's event loop wins the CPU when both want it. */
  @Transform(toInt) @IsInt() @Min(0) @Max(19)
  PROJECTOR_NICE = 10;

  /**
   * The projector thread's V8 old generation, in MiB: it collects its garbage before the process
   * grows past its container's limit, and runs out of memory alone (then restarts, small batches first).
   */
  @Transform(toInt) @IsInt() @Min(32) @Max(16384)
  PROJECTOR_HEAP_MB = 128;

  @Transform(toInt) @IsInt() @Min(0) @Max(600000)
  SHUTDOWN_DELAY_MS = 5000;

  @Transform(toInt) @IsInt() @Min(100) @Max(600000)
  SHUTDOWN_TIMEOUT_MS = 25000;

  @Transform(toInt) @IsInt() @Min(50) @Max(60000)
  READINESS_TIMEOUT_MS = 1000;

  /** Time a client has to send its request headers; then 408 and the connection is closed. */
  @Transform(toInt) @IsInt() @Min(1000) @Max(600000)
  HTTP_HEADERS_TIMEOUT_MS = 10000;

  /** Time a client has to send a whole request, headers and body; then 408 and the connection is closed. */
  @Transform(toInt) @IsInt() @Min(1000) @Max(600000)
  HTTP_REQUEST_TIMEOUT_MS = 30000;

  /** How long an idle keep-alive connection stays open; above a load balancer's idle timeout. */
  @Transform(toInt) @IsInt() @Min(1000) @Max(600000)
  HTTP_KEEP_ALIVE_TIMEOUT_MS = 72000;

  /**
   * Open client connections at most; 0 derives it from the process's descriptor limit, minus a
   * reserve for PostgreSQL connections, files and probes. At the cap, a new connection replaces
   * the oldest one that is still sending its request or idle.
   */
  @Transform(toInt) @IsInt() @Min(0) @Max(1000000)
  HTTP_MAX_CONNECTIONS = 0;

  /** The width of a log partition (by received time): retention drops whole partitions. */
  @IsIn(['day', 'week', 'month'], { message: 'LOG_PARTITION_INTERVAL must be one of: day, week, month' })
  LOG_PARTITION_INTERVAL: 'day' | 'week' | 'month' = 'week';

  /** Keep the log (and run-level read rows) this many days; unset keeps everything. */
  @Transform(({ value }) => (value === '' ? undefined : toInt({ value }))) @IsOptional() @IsInt() @Min(1) @Max(36500)
  RETENTION_DAYS?: number;

  @Transform(emptyToUndefined) @IsOptional() @IsString()
  TLS_CERT_FILE?: string;

  @Transform(emptyToUndefined) @IsOptional() @IsString()
  TLS_KEY_FILE?: string;
}

export { ConfigurationError };

/** Validates the environment; throws one ConfigurationError listing every bad variable. */
export function loadEnvironment(env: NodeJS.ProcessEnv = process.env): Environment {
  const known = Object.keys(new Environment()).concat(['BASE_PATH', 'DATABASE_URL', 'DATABASE_CA_FILE', 'RETENTION_DAYS', 'TLS_CERT_FILE', 'TLS_KEY_FILE']);
  const raw: Record<string, unknown> = {};
  for (const key of known) if (env[key] !== undefined) raw[key] = env[key];
  const config = plainToInstance(Environment, raw, { exposeDefaultValues: true });
  const errors = validateSync(config, { whitelist: true });
  if (Boolean(config.TLS_CERT_FILE) !== Boolean(config.TLS_KEY_FILE)) {
    throw new ConfigurationError('TLS_CERT_FILE and TLS_KEY_FILE must be set together (or neither)');
  }
  if (config.DATABASE_CA_FILE && errors.length === 0) {
    const problem = caFileProblem(config.DATABASE_CA_FILE);
    if (problem) throw new ConfigurationError(`invalid configuration: DATABASE_CA_FILE=${JSON.stringify(config.DATABASE_CA_FILE)}: ${problem}`);
  }
  if (errors.length > 0) {
    const lines = errors.map((e) => {
      const messages = Object.values(e.constraints ?? {}).join('; ');
      return `${e.property}=${JSON.stringify(redactUrl(raw[e.property]))}: ${messages}`;
    });
    throw new ConfigurationError(`invalid configuration: ${lines.join(' | ')}`);
  }
  return config;
}

/** Why a CA bundle cannot be used, or null: it must be readable and hold a PEM certificate. */
function caFileProblem(file: string): string | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    return `cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`;
  }
  try {
    new X509Certificate(text);
    return null;
  } catch {
    return 'holds no PEM certificate';
  }
}

/** `lineage`, `/lineage` and `/lineage/` all mean `/lineage`; unset means the root (''). */
export function normalizeBasePath(basePath: string | undefined): string {
  const trimmed = (basePath ?? '').replace(/^\/+|\/+$/g, '');
  return trimmed ? `/${trimmed}` : '';
}

/**
 * Hides the password of a URL-like value (`scheme://user:password@host`) so that no message, log
 * line or error ever carries it; anything else is returned unchanged.
 */
export function redactUrl(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  return value.replace(/^([A-Za-z][A-Za-z0-9+.-]*:\/\/[^:/?#@]*):.*@/, '$1:***@');
}

