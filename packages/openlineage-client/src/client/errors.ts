import type { ValidationProblem } from '../validation/event-validator';

/** emit() on a full queue when onQueueFull is 'reject'. */
export class QueueFullError extends Error {
  constructor(readonly maxQueueSize: number) {
    super(`OpenLineage client queue is full (${maxQueueSize} events waiting): event not accepted`);
    this.name = 'QueueFullError';
  }
}

/** emit() after close(). */
export class ClientClosedError extends Error {
  constructor() {
    super('OpenLineage client is closed');
    this.name = 'ClientClosedError';
  }
}

/** emit() of an event that does not validate, when the client validates. */
export class InvalidEventError extends Error {
  constructor(readonly problems: ValidationProblem[]) {
    super(`event does not match the OpenLineage spec: ${problems.map((p) => `${p.path || '/'} ${p.message}`).join('; ')}`);
    this.name = 'InvalidEventError';
  }
}

/** A COMPLETE/FAIL/ABORT not sent because its run's START was not delivered. */
export class StartNotDeliveredError extends Error {
  constructor(readonly runId: string) {
    super(`run ${runId}: START was not delivered, so its terminal event is not sent`);
    this.name = 'StartNotDeliveredError';
  }
}
