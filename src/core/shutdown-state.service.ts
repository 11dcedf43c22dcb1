import { Injectable } from '@nestjs/common';

/**
 * Set when SIGTERM/SIGINT arrives: readiness answers 503 from then on, and responses carry
 * `Connection: close`. Also records when the listener closed, for the shutdown log line.
 */
@Injectable()
export class ShutdownState {
  private since: Date | null = null;
  private listenerClosed: Date | null = null;

  begin(): void {
    this.since ??= new Date();
  }

  get shuttingDown(): boolean {
    return this.since !== null;
  }

  /** Called right before the HTTP server stops accepting connections. */
  listenerClosing(): void {
    this.listenerClosed ??= new Date();
  }

  get listenerClosedAt(): Date | null {
    return this.listenerClosed;
  }
}
