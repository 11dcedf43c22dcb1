import { Injectable } from '@nestjs/common';
import { AppendedEvent } from './logged-event';

type CommitListener = (events: AppendedEvent[]) => void;

/**
 * Tells this replica's listeners (its projector) which events were committed to the log, as the
 * append returns them. In-process only: other replicas find new events by polling, since NOTIFY
 * on the ingest path would take a cluster-wide lock at every commit.
 */
@Injectable()
export class LogNotifier {
  private readonly listeners = new Set<CommitListener>();

  onCommitted(listener: CommitListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  committed(events: AppendedEvent[]): void {
    for (const listener of this.listeners) listener(events);
  }
}
