import { isUtf8 } from 'node:buffer';
import type { Readable } from 'node:stream';
import { errorCodes, FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError, InvalidFieldsError, TooLargeError } from '../core/errors/domain-errors';
import { BodyChunks } from './body-chunks';
import { EventLoopSlices } from '../core/event-loop-slices';
import { JsonShapeScanner, ShapeViolation } from './json-shape';
import { trimJsonWhitespace } from './json-text';

const BODY_BYTES = Symbol('metadata-store.body-bytes');
const BODY_ELEMENTS = Symbol('metadata-store.body-elements');
const NO_BODY = Buffer.alloc(0);

type WithBytes = FastifyRequest & { [BODY_BYTES]?: Buffer; [BODY_ELEMENTS]?: Buffer[] };
type Done = (err: Error | null, body?: unknown) => void;

/** Fastify route config of a route whose body is a batch: its top-level array has its own limit. */
export const BATCH_BODY = { batchBody: true };

export interface BodyLimits {
  maxArrayElements: number;
  maxBatchEvents: number;
}

const invalidJson = (message: string) => new InvalidFieldsError('INVALID_JSON', [{ field: '$', message }]);

function refusal(violation: ShapeViolation): DomainError {
  switch (violation.kind) {
    case 'batch':
      return new TooLargeError('BATCH_TOO_LARGE', `$: a batch holds at most ${violation.limit} events (INGEST_BATCH_MAX_EVENTS); this one has more; split it`);
    case 'not-array':
      return new InvalidFieldsError('INVALID_BATCH', [{ field: '$', message: 'a batch must be a JSON array of events' }]);
    case 'syntax':
      return invalidJson(`malformed JSON: ${violation.message}`);
    case 'array':
      return new InvalidFieldsError('INVALID_EVENT', [
        { field: violation.field, message: `has more than ${violation.limit} elements; at most ${violation.limit} are accepted in one array (INGEST_MAX_ARRAY_ELEMENTS)` },
      ]);
    case 'depth':
      return new InvalidFieldsError('INVALID_EVENT', [{ field: violation.field, message: `is nested deeper than ${violation.limit} levels` }]);
  }
}

/**
 * What the body parser refuses in one event's text read from elsewhere than a request (a file, a
 * Marquez database): larger than `bodyLimit`, not UTF-8, or a shape beyond the limits. Null when
 * it passes; the envelope is checked next, as for a request.
 */
export function refusedEventText(text: Buffer, limits: Pick<BodyLimits, 'maxArrayElements'>, bodyLimit: number): DomainError | null {
  if (text.length > bodyLimit) return new TooLargeError('PAYLOAD_TOO_LARGE', `the event is larger than BODY_LIMIT_BYTES (${bodyLimit} bytes)`);
  if (!isUtf8(text)) return invalidJson('the event is not valid UTF-8');
  const scanner = new JsonShapeScanner({ maxArrayElements: limits.maxArrayElements });
  const violation = scanner.write(text) ?? scanner.end();
  return violation ? refusal(violation) : null;
}

/**
 * The JSON text of the request body as received, as UTF-8 bytes (decoded, without surrounding
 * whitespace); empty when the request had no body this parser read, and for a batch.
 */
export function bodyBytes(request: FastifyRequest): Buffer {
  return (request as WithBytes)[BODY_BYTES] ?? NO_BODY;
}

/**
 * The exact text (UTF-8) of each event of a batch body, in order, not parsed yet (the log stores
 * them as sent); null when the request had no body this parser read.
 */
export function bodyElements(request: FastifyRequest): Buffer[] | null {
  return (request as WithBytes)[BODY_ELEMENTS] ?? null;
}

/**
 * Each event of a batch is cut out of the body (a view of the chunk holding it, or a copy of the
 * event only) and checked on its own, yielding to the event loop between slices: the body is
 * never joined whole. The events are parsed one by one later (IngestService.ingestBatch).
 */
async function batchElements(request: WithBytes, body: BodyChunks, scanner: JsonShapeScanner): Promise<Buffer[]> {
  const violation = scanner.end();
  if (violation) throw refusal(violation);
  const slices = new EventLoopSlices();
  const texts: Buffer[] = [];
  for (const [start, end] of scanner.elementBounds()) {
    const text = body.slice(start, end);
    if (!isUtf8(text)) throw invalidJson('the request body is not valid UTF-8');
    texts.push(text);
    await slices.next();
  }
  request[BODY_ELEMENTS] = texts;
  return texts;
}

async function parseBody(request: WithBytes, body: BodyChunks, scanner: JsonShapeScanner, batch: boolean): Promise<unknown> {
  if (scanner.isEmpty()) throw invalidJson('the request body is empty; expected a JSON OpenLineage event');
  if (batch) return batchElements(request, body, scanner);
  const bytes = body.all();
  if (!isUtf8(bytes)) throw invalidJson('the request body is not valid UTF-8');
  const trimmed = trimJsonWhitespace(bytes);
  try {
    const parsed: unknown = JSON.parse(trimmed.toString('utf8'));
    request[BODY_BYTES] = trimmed;
    return parsed;
  } catch (error) {
    throw invalidJson(`malformed JSON: ${(error as Error).message}`);
  }
}

/**
 * Reads the body chunk by chunk, scanning each as it arrives (JsonShapeScanner): a body that
 * crosses a limit is refused at once, before the rest of it is read or anything is parsed. The
 * checks Fastify makes on a body it reads itself are kept: BODY_LIMIT_BYTES on the decoded size
 * (and on the encoded size, against a lying stream), and the Content-Length.
 */
function readBody(request: WithBytes, payload: Readable, limits: BodyLimits, bodyLimit: number, done: Done): void {
  const contentLength = Number(request.headers['content-length']);
  if (contentLength > bodyLimit) {
    done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
    return;
  }
  const batch = (request.routeOptions.config as Partial<typeof BATCH_BODY> | undefined)?.batchBody === true;
  const scanner = new JsonShapeScanner({ maxArrayElements: limits.maxArrayElements, maxTopLevelElements: batch ? limits.maxBatchEvents : undefined });
  const body = new BodyChunks();
  let received = 0;

  const stop = () => {
    payload.removeListener('data', onData);
    payload.removeListener('end', onEnd);
    payload.removeListener('error', onEnd);
  };
  function onData(chunk: Buffer) {
    received += chunk.length;
    const encoded = (payload as Readable & { receivedEncodedLength?: number }).receivedEncodedLength ?? 0;
    if (received > bodyLimit || encoded > bodyLimit) {
      stop();
      done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
      return;
    }
    const violation = scanner.write(chunk);
    if (violation) {
      stop();
      done(refusal(violation));
      return;
    }
    body.push(chunk);
  }
  function onEnd(error?: Error & { statusCode?: number }) {
    stop();
    if (error) {
      if (!(typeof error.statusCode === 'number' && error.statusCode >= 400)) error.statusCode = 400;
      done(error);
      return;
    }
    const encoded = (payload as Readable & { receivedEncodedLength?: number }).receivedEncodedLength;
    if (!Number.isNaN(contentLength) && (encoded || received) !== contentLength) {
      done(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH());
      return;
    }
    parseBody(request, body, scanner, batch).then(
      (body) => done(null, body),
      (refused: Error) => done(refused),
    );
  }
  payload.on('data', onData);
  payload.on('end', onEnd);
  payload.on('error', onEnd);
  payload.resume();
}

/**
 * The JSON body parser (Nest's own is off). The body is read as bytes, after request
 * decompression (@fastify/compress), so BODY_LIMIT_BYTES applies to the decoded size, whether
 * it came with Content-Length or chunked. Bytes that are not UTF-8 are refused rather than
 * replaced; malformed JSON gets a 400 that says where. The text is kept for the log, which
 * stores and hashes it as received.
 */
export function registerJsonBodyParser(fastify: FastifyInstance, limits: BodyLimits): void {
  // Events are JSON; a text/plain body is answered 415 rather than parsed as a string.
  fastify.removeContentTypeParser('text/plain');
  const bodyLimit = fastify.initialConfig.bodyLimit!;
  fastify.addContentTypeParser('application/json', (request: FastifyRequest, payload: Readable, done: Done) =>
    readBody(request as WithBytes, payload, limits, bodyLimit, done),
  );
}
