/**
 * Errors caused by the data of one event (PostgreSQL SQLSTATE class 22, data exception, e.g. a
 * time out of PostgreSQL's range), as opposed to the database being unavailable or overloaded.
 */
export function isDataError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('22');
}

export function describeDatabaseError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
