/**
 * Longest stretch of synchronous work a request or a projection batch does before letting the
 * rest of the process run: `/health/live` must answer within 100 ms whatever else is going on.
 */
export const SLICE_MS = 5;

/** Cuts a long loop into slices: call `next()` between units of work. */
export class EventLoopSlices {
  private sliceStarted = performance.now();

  constructor(private readonly sliceMs = SLICE_MS) {}

  /** Yields to the event loop (setImmediate) once the current slice has lasted `sliceMs`. */
  async next(): Promise<void> {
    if (performance.now() - this.sliceStarted < this.sliceMs) return;
    await new Promise((resolve) => setImmediate(resolve));
    this.sliceStarted = performance.now();
  }
}
