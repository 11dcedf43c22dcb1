/** An event as the log holds it: the columns extracted at ingest and the payload as stored. */
export interface LoggedEvent {
  eventId: string;
  kind: 'run' | 'job' | 'dataset';
  eventType: string | null;
  eventTime: Date;
  runId: string | null;
  jobNamespace: string | null;
  jobName: string | null;
  payload: Record<string, unknown>;
}

/** An event the append committed: the columns as the log holds them, and the text stored. */
export interface AppendedEvent extends Omit<LoggedEvent, 'payload'> {
  json: Buffer;
}

/** Log order: event ids are bigints in decimal, so the shorter is the smaller. */
export function compareEventIds(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}
