/** One problem with one input field: `path` is dotted (`traces.3.name`), `message` says what is wrong. */
export interface Issue {
  readonly path: string;
  readonly message: string;
}

/** Every failure the domain and use cases report; `code` is stable, `message` may change. */
export abstract class DomainError extends Error {
  abstract readonly code: string;
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

export class Conflict extends DomainError {
  readonly code = 'conflict';
}

/** A state machine refused an event in the current state; served as a conflict. */
export class IllegalTransition extends DomainError {
  readonly code = 'conflict';
  constructor(
    readonly from: string,
    readonly event: string,
  ) {
    super(`Cannot ${event} when status is ${from}`);
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

export class Unavailable extends DomainError {
  readonly code = 'unavailable';
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
