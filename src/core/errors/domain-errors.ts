import { ErrorCode, ErrorCodeWithStatus } from './error-codes';

/** One wrong field of a request: where (`$` is the whole body), and what is wrong with it. */
export interface FieldError {
  field: string;
  message: string;
}

/**
 * An error with a stable code (ERROR_CODES), thrown by domain code, pipes and parsers. The one
 * error filter (core/http/error-handler.ts) answers it with the code's HTTP status and ErrorBody;
 * nothing below a controller knows HTTP.
 */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fieldErrors: FieldError[] = [],
  ) {
    super(message);
    this.name = new.target.name;
  }
}

const joined = (errors: FieldError[]) => errors.map((e) => `${e.field}: ${e.message}`).join('; ');

/** What the client sent is wrong (400). */
export class InvalidInputError extends DomainError {
  constructor(code: ErrorCodeWithStatus<400>, message: string) {
    super(code, message);
  }
}

/** What the client sent is wrong, field by field (400 with `errors`). */
export class InvalidFieldsError extends DomainError {
  constructor(code: ErrorCodeWithStatus<400>, fieldErrors: FieldError[]) {
    super(code, joined(fieldErrors), fieldErrors);
  }
}

/** The named thing does not exist (404). */
export class NotFoundError extends DomainError {
  constructor(code: ErrorCodeWithStatus<404>, message: string) {
    super(code, message);
  }
}

/** The request is larger than a limit (413). */
export class TooLargeError extends DomainError {
  constructor(code: ErrorCodeWithStatus<413>, message: string) {
    super(code, message);
  }
}

/** The store cannot do it now but may later (503 with Retry-After). */
export class UnavailableError extends DomainError {
  constructor(code: ErrorCodeWithStatus<503>, message: string) {
    super(code, message);
  }
}
