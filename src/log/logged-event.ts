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
