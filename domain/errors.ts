/** One problem with one input field: `path` is dotted (`traces.3.name`), `message` says what is wrong. */
export interface Issue {
  readonly path: string;
  readonly message: string;
}

/** The stable codes of the `error` field; each has exactly one HTTP status (adapters/http/http-errors.ts). */
export type ErrorCode =
  | 'invalid_input'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'insufficient_credits'
  | 'rate_limited'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'unavailable';

/** Every failure the domain and use cases report; `code` is stable, `message` may change. */
export abstract class DomainError extends Error {
  abstract readonly code: ErrorCode;
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

export class InvalidInput extends DomainError {
  readonly code = 'invalid_input';
  constructor(
    readonly issues: readonly Issue[],
    message = issues.map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message)).join('; '),
  ) {
    super(message || 'Invalid input');
  }
  static of(path: string, message: string): InvalidInput {
    return new InvalidInput([{ path, message }]);
  }
}

export class Unauthorized extends DomainError {
  readonly code = 'unauthorized';
}

export class Forbidden extends DomainError {
  readonly code = 'forbidden';
}

export class NotFound extends DomainError {
  readonly code = 'not_found';
  static of(kind: string, id: string): NotFound {
    return new NotFound(`${kind} ${id} not found`);
  }
}

/** The request clashes with the stored state; the kinds below say how, and all are served as `conflict`. */
export class Conflict extends DomainError {
  readonly code = 'conflict';
}

/** A write was based on a version that another write has replaced meanwhile: reading again and retrying may succeed. */
export class StaleVersion extends Conflict {
  static of(kind: string, id: string): StaleVersion {
    return new StaleVersion(`${kind} ${id} was changed by another request; read it again and retry`);
  }
}

/** A record with the same unique key (`fields`) already exists: retrying cannot succeed. */
export class DuplicateKey extends Conflict {
  constructor(
    readonly fields: readonly string[],
    message: string,
  ) {
    super(message);
  }
  static of(kind: string, fields: readonly string[]): DuplicateKey {
    return new DuplicateKey(
      fields,
      `A ${kind.toLowerCase()} with the same ${fields.join(', ') || 'key'} already exists`,
    );
  }
}

/** The record's state forbids the change (a state machine refused an event, a superseded revision is frozen). */
export class IllegalTransition extends Conflict {
  constructor(
    readonly from: string,
    readonly event: string,
    message = `Cannot ${event} when status is ${from}`,
  ) {
    super(message);
  }
}

export class InsufficientCredits extends DomainError {
  readonly code = 'insufficient_credits';
}

export class RateLimited extends DomainError {
  readonly code = 'rate_limited';
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

export class PayloadTooLarge extends DomainError {
  readonly code = 'payload_too_large';
}

/** Content of a type the platform does not take (an uploaded file's kind). */
export class UnsupportedMediaType extends DomainError {
  readonly code = 'unsupported_media_type';
}

/** The platform cannot serve the request right now (its database is out of reach, it is shutting down): retry later. */
export class Unavailable extends DomainError {
  readonly code = 'unavailable';
  constructor(
    message: string,
    readonly retryAfterSeconds = 1,
  ) {
    super(message);
  }
}

/** Collects issues while validating a whole input, then throws them together. */
export class IssueCollector {
  private readonly found: Issue[] = [];
  add(path: string, message: string): void {
    this.found.push({ path, message });
  }
  check(condition: boolean, path: string, message: string): void {
    if (!condition) this.add(path, message);
  }
  get issues(): readonly Issue[] {
    return this.found;
  }
  throwIfAny(): void {
    if (this.found.length > 0) throw new InvalidInput(this.found);
  }
}
