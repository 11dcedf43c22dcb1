/**
 * Every error code the store answers with: its HTTP status and what it means. The one catalogue:
 * the error filter takes the status from here, the OpenAPI document lists these codes as the
 * `code` enum of ErrorBody, and docs/api-errors.md describes them. A code, once published, keeps
 * its name and status; add new ones rather than repurpose.
 */
export const ERROR_CODES = {
  INVALID_EVENT: { status: 400, meaning: 'The body is not a valid OpenLineage event; `errors` names each wrong field' },
  INVALID_JSON: { status: 400, meaning: 'The body is not JSON text: empty, not UTF-8, or malformed' },
  INVALID_BATCH: { status: 400, meaning: 'A batch body is not a JSON array of events' },
  INVALID_PARAMETER: { status: 400, meaning: 'A path or query parameter is missing or wrong; `errors` names it' },
  UNKNOWN_NODE: { status: 400, meaning: 'The nodeId names no existing dataset, job or dataset field under any reading of its colons; the message lists the readings tried' },
  BAD_CURSOR: { status: 400, meaning: 'The cursor was not returned by this endpoint' },
  UNREADABLE_BODY: { status: 400, meaning: 'The body could not be read as sent: corrupt compressed data, or a length other than Content-Length' },
  BAD_REQUEST: { status: 400, meaning: 'The HTTP layer refused the request for another reason (a URL with malformed percent-encoding, say); `message` says why' },
  NOT_FOUND: { status: 404, meaning: 'No route serves this path' },
  NAMESPACE_NOT_FOUND: { status: 404, meaning: 'No such namespace' },
  DATASET_NOT_FOUND: { status: 404, meaning: 'No such dataset' },
  DATASET_VERSION_NOT_FOUND: { status: 404, meaning: 'The dataset has no such version' },
  JOB_NOT_FOUND: { status: 404, meaning: 'No such job' },
  JOB_VERSION_NOT_FOUND: { status: 404, meaning: 'The job has no such version' },
  RUN_NOT_FOUND: { status: 404, meaning: 'No such run' },
  EVENT_NOT_FOUND: { status: 404, meaning: 'No event with this id in the log' },
  METHOD_NOT_ALLOWED: { status: 405, meaning: 'The path exists but not for this method; `Allow` lists the methods' },
  PAYLOAD_TOO_LARGE: { status: 413, meaning: 'The body is larger than BODY_LIMIT_BYTES after decompression' },
  BATCH_TOO_LARGE: { status: 413, meaning: 'A batch holds more than INGEST_BATCH_MAX_EVENTS events; split it' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, meaning: 'The body is not application/json' },
  UNSUPPORTED_ENCODING: { status: 415, meaning: 'A Content-Encoding other than gzip or deflate' },
  INTERNAL_ERROR: { status: 500, meaning: 'A fault of the store; it is logged with the request id (the message says no more)' },
  OVERLOADED: { status: 503, meaning: 'The store cannot take the event now (ingest queue full, or not committed within INGEST_TIMEOUT_MS); retry after Retry-After' },
  DATABASE_UNAVAILABLE: { status: 503, meaning: 'PostgreSQL is busy or unreachable; retry after Retry-After' },
  NOT_READY: { status: 503, meaning: 'Readiness probe only: a check failed (shutdown, database, schema); its body is the probe result, `error` names the check' },
} as const satisfies Record<string, { status: number; meaning: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** The codes answered with this status. */
export type ErrorCodeWithStatus<S extends number> = { [C in ErrorCode]: (typeof ERROR_CODES)[C]['status'] extends S ? C : never }[ErrorCode];

export const ALL_ERROR_CODES = Object.keys(ERROR_CODES) as ErrorCode[];

export function statusOf(code: ErrorCode): number {
  return ERROR_CODES[code].status;
}

/** A 503 tells the client when to try again. */
export const RETRY_AFTER_SECONDS = 1;
