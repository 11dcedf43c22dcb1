import { InvalidFieldsError } from '../core/errors/domain-errors';
import type { ErrorCode } from '../core/errors/error-codes';
import { ErrorBodyShape, errorResponse } from '../core/http/error-body';
import type { FieldError } from '../openlineage/event-envelope';
import { batchResponse as storeBatchResponse } from './batch-response';
import type { BatchResponseDto } from './ingest.dto';

/**
 * The errors ingest refuses a request with, as the store raises them: the relay answers the same
 * input with the same body (the store's filter turns these into ErrorBody).
 */
export const invalidEvent = (errors: FieldError[]) => new InvalidFieldsError('INVALID_EVENT', errors);
export const notABatch = () => new InvalidFieldsError('INVALID_BATCH', [{ field: '$', message: 'a batch must be a JSON array of events' }]);
export const malformedBatchEvent = (index: number, error: Error) =>
  new InvalidFieldsError('INVALID_JSON', [{ field: `$[${index}]`, message: `malformed JSON: ${error.message}` }]);

/** The body the store answers one of the errors above with. */
export function bodyOf(error: InvalidFieldsError): ErrorBodyShape {
  return errorResponse(error.code, error.message, error.fieldErrors);
}

/** Why one event of a batch was not taken, and whether sending it again later may succeed. */
export interface EventRefusal {
  code: ErrorCode;
  reason: string;
  retriable: boolean;
}

/**
 * The OpenLineage 2-0-2 batch answer for a batch whose events were taken (null) or refused one by
 * one, and its status: 503 when every event was refused for a retriable reason, else `okStatus`.
 * The relay answers with it as the store's batch route does.
 */
export function batchResponse(refusals: Array<EventRefusal | null>, okStatus: number): { status: number; body: BatchResponseDto } {
  const body = storeBatchResponse(refusals.map((refusal) => (refusal ? { status: 'failed', ...refusal } : { status: 'stored' })));
  const { received, retriable } = body.summary;
  return { status: received > 0 && retriable === received ? 503 : okStatus, body };
}
