import type { BatchEventOutcome } from './ingest.service';
import { BatchResponseDto, FailedEventDto } from './ingest.dto';

/** The OpenLineage batch response for the outcomes of a batch's events, in order. */
export function batchResponse(outcomes: BatchEventOutcome[]): BatchResponseDto {
  const failed: FailedEventDto[] = outcomes.flatMap((outcome, index) =>
    outcome.status === 'failed' ? [{ index, code: outcome.code, reason: outcome.reason, retriable: outcome.retriable }] : [],
  );
  const retriable = failed.filter((f) => f.retriable).length;
  return {
    status: failed.length === 0 ? 'success' : 'partial_success',
    summary: { received: outcomes.length, successful: outcomes.length - failed.length, failed: failed.length, retriable, non_retriable: failed.length - retriable },
    failed_events: failed,
  };
}
