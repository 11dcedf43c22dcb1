/**
 * Errors caused by the data of one statement, as opposed to the database being unavailable or
 * overloaded: SQLSTATE class 22 (data exception, e.g. an invalid text value) and class 54
 * (program limit exceeded, e.g. an index entry too large).
 */
export function isDataError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('22') || code.startsWith('54'));
}

const UNAVAILABLE_MESSAGES = [
  'timeout exceeded when trying to connect', // pg-pool: no connection free within connectionTimeoutMillis
  'Query read timeout', // pg: no answer within query_timeout
  'Connection terminated',
];

/**
 * PostgreSQL is busy or out of reach, not wrong: no pooled connection came free in time, a
 * statement ran past its timeout (57014), the server is shutting down or refusing connections
 * (class 08, 53, 57P0x), or the socket failed. The request may succeed later (503, Retry-After).
 */
export function isUnavailableError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') {
    if (code === '57014' || code.startsWith('08') || code.startsWith('53') || code.startsWith('57P')) return true;
    if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EPIPE'].includes(code)) return true;
  }
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => message.includes(m));
}
