import { ErrorBody, errorResponse } from '../core/http/error-body';
import type { FieldError } from '../openlineage/event-envelope';
import type { BatchResponseDto } from './ingest.dto';

/** The 400 body of an event that failed validation: every wrong field, for a person and a program. */
export function invalidEventResponse(errors: FieldError[]): ErrorBody {
  return errorResponse(400, errors.map((e) => `${e.field}: ${e.message}`).join('; '), errors);
}

/** The 400 body of a batch request whose body is not a JSON array. */
export function notABatchResponse(): ErrorBody {
  return errorResponse(400, '$: a batch must be a JSON array of events', [{ field: '$', message: 'must be an array' }]);
}

/** Why one event of a batch was not taken, and whether sending it again later may succeed. */
export interface EventRefusal {
  reason: string;
  retriable: boolean;
}

/**
 * The OpenLineage 2-0-2 batch answer for a batch whose events were taken (null) or refused one by
 * one, and its status: 503 when every event was refused for a retriable reason, else `okStatus`.
 * The store's batch route and the relay's answer with it.
 */
export function batchResponse(refusals: Array<EventRefusal | null>, okStatus: number): { status: number; body: BatchResponseDto } {
  const failed = refusals.flatMap((refusal, index) => (refusal ? [{ index, reason: refusal.reason, retriable: refusal.retriable }] : []));
  const retriable = failed.filter((f) => f.retriable).length;
  const body: BatchResponseDto = {
    status: failed.length === 0 ? 'success' : 'partial_success',
    summary: {
      received: refusals.length,
      successful: refusals.length - failed.length,
      failed: failed.length,
      retriable,
      non_retriable: failed.length - retriable,
    },
    failed_events: failed,
  };
  return { status: refusals.length > 0 && retriable === refusals.length ? 503 : okStatus, body };
}
