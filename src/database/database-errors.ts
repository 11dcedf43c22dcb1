/**
 * Errors caused by the data of one statement, as opposed to the database being unavailable or
 * overloaded: SQLSTATE class 22 (data exception, e.g. an invalid text value) and class 54
 * (program limit exceeded, e.g. an index entry too large).
 */
export function isDataError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('22') || code.startsWith('54'));
}
