import { Logger } from '@nestjs/common';

/** How often one kind of outage warning may be written. */
export const WARNING_INTERVAL_MS = 30_000;

/**
 * A warning that repeats while a dependency is down (every worker, every retry): written at
 * most once per interval, with how many were left out since the last one, and a line when the
 * trouble is over.
 */
export class ThrottledWarning {
  private lastAt = 0;
  private suppressed = 0;
  private active = false;

  constructor(
    private readonly logger: Logger,
    private readonly message: string,
    private readonly intervalMs = WARNING_INTERVAL_MS,
  ) {}

  warn(fields: Record<string, unknown>): void {
    const now = Date.now();
    this.active = true;
    if (now - this.lastAt < this.intervalMs) {
      this.suppressed++;
      return;
    }
    this.logger.warn({ ...fields, repeatedSinceLastLine: this.suppressed }, this.message);
    this.lastAt = now;
    this.suppressed = 0;
  }

  /** The operation worked again: say so once, and let the next failure warn at once. */
  recovered(): void {
    if (!this.active) return;
    this.logger.log({ repeatedSinceLastLine: this.suppressed }, `${this.message}: recovered`);
    this.active = false;
    this.lastAt = 0;
    this.suppressed = 0;
  }
}
