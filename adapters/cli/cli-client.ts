import { type AssayClient, createAssayClient } from '../client/assay-client.ts';
import { CliError } from './cli-errors.ts';
import type { CliSettings } from './cli-settings.ts';

/** Why a request never got an answer: the socket's code (ECONNREFUSED, ENOTFOUND) or the fetch's own words. */
function causeOf(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
  if (typeof cause?.code === 'string') return cause.code;
  if (typeof cause?.message === 'string') return cause.message;
  return error instanceof Error ? error.message : String(error);
}

/** A fetch whose failures to connect say which URL was tried. */
function namingFetch(fetchOnce: typeof fetch): typeof fetch {
  return async (input, init) => {
    try {
      return await fetchOnce(input, init);
    } catch (error) {
      const url = input instanceof Request ? input.url : String(input);
      throw new CliError(`Cannot reach the Assay API at ${url} (${causeOf(error)})`);
    }
  };
}

/** The typed client the commands use: retries as the client does, connection failures as usage errors. */
export const cliClient = (settings: CliSettings): AssayClient =>
  createAssayClient({ ...settings, fetch: namingFetch(globalThis.fetch) });
