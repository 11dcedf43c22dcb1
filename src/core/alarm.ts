/**
 * Wakes whoever sleeps on it. A ring while nobody sleeps is kept for the next sleeper, so a
 * worker between two batches does not miss it.
 */
export class Alarm {
  private rung = false;
  private readonly sleepers = new Set<() => void>();

  ring(): void {
    this.rung = true;
    for (const wake of this.sleepers) wake();
  }

  /** Resolves at the next ring (or at once if one is pending), or after `ms`. */
  sleep(ms: number): Promise<void> {
    if (this.rung) {
      this.rung = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        this.rung = false;
        clearTimeout(timer);
        this.sleepers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.sleepers.add(done);
    });
  }
}
