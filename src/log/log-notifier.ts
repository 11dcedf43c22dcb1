import { Injectable } from '@nestjs/common';

/**
 * Tells this replica's listeners (the projection workers) that events were committed to the log.
 * In-process only: other replicas find new events by polling, since NOTIFY on the ingest path
 * would take a cluster-wide lock at every commit.
 */
@Injectable()
export class LogNotifier {
  private readonly listeners = new Set<() => void>();

  onCommitted(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  committed(): void {
    for (const listener of this.listeners) listener();
  }
}
