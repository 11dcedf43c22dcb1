import { Injectable } from '@nestjs/common';

/** Set when SIGTERM/SIGINT arrives: readiness answers 503 from then on. */
@Injectable()
export class ShutdownState {
  private since: Date | null = null;

  begin(): void {
    this.since ??= new Date();
  }

  get shuttingDown(): boolean {
    return this.since !== null;
  }
}
