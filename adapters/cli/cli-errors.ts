/** Exit codes: 0 done, 1 the gate failed (a threshold, a regression, failed sessions), 2 usage or connection problems. */
export const EXIT = { ok: 0, gateFailed: 1, usage: 2 } as const;

/** A problem the user can act on: printed as its message, exiting with its code. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT.usage,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/** What a refused call answered, as a line: `404 not_found Version version_… not found`. */
export function refusal(result: { error?: unknown; response: Response }): string {
  const body: { error?: unknown; message?: unknown } =
    typeof result.error === 'object' && result.error !== null ? result.error : {};
  const words = [body.error, body.message].filter((word) => typeof word === 'string');
  return `${result.response.status} ${words.join(' ')}`.trim();
}

/** The answer of an API call, or a CliError saying what the API answered. */
export function required<T>(result: { data?: T; error?: unknown; response: Response }, what: string): T {
  if (result.data !== undefined) return result.data;
  throw new CliError(`${what}: ${refusal(result)}`);
}

/** A whole number from an option, or a usage error naming it. */
export function count(text: string, option: string, { min = 1, max = Number.MAX_SAFE_INTEGER } = {}): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max)
    throw new CliError(`${option} takes a whole number from ${min} to ${max}, not "${text}"`);
  return value;
}
