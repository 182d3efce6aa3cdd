import { DomainError } from '../../domain/errors.ts';

/**
 * Why a job gave up, as its tenant may read it on the record: a domain error says why in the domain's words; any other
 * failure (a driver's message may quote SQL or data) is named only generically and stays in the server log.
 */
export function failureReason(what: string, failure: unknown): string {
  const why = failure instanceof DomainError ? failure.message : 'an internal error (details are in the server log)';
  return `${what} failed on every attempt: ${why}`;
}
