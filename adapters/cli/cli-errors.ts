/** Exit codes: 0 done, 1 the gate failed (a threshold or a regression), 2 usage or connection problems. */
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

/** The answer of an API call, or a CliError saying what the API answered. */
export function required<T>(result: { data?: T; error?: unknown; response: Response }, what: string): T {
  if (result.data !== undefined) return result.data;
  const body = result.error as { error?: string; message?: string } | undefined;
  throw new CliError(`${what}: ${result.response.status} ${body?.error ?? ''} ${body?.message ?? ''}`.trim());
}
