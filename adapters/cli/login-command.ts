import type { Command } from 'commander';
import { cliClient } from './cli-client.ts';
import { CliError, refusal } from './cli-errors.ts';
import type { CliIo } from './cli-program.ts';
import { saveSettings } from './cli-settings.ts';

/** The part of GET /auth/user that shows an Assay server answered: a user of an organization. */
interface Identity {
  readonly email: string;
  readonly role: string;
  readonly organizationId: string;
}

const text = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** The user in an answer of GET /auth/user, or null when the answer is not one (not JSON, not a user). */
function identityIn(answer: string): Identity | null {
  let body: unknown;
  try {
    body = JSON.parse(answer);
  } catch {
    return null;
  }
  if (typeof body !== 'object' || body === null) return null;
  const { id, email, role, organizationId } = body as Record<string, unknown>;
  const isUser = text(id) && id.startsWith('user_') && text(email) && text(role);
  return isUser && text(organizationId) && organizationId.startsWith('organization_')
    ? { email, role, organizationId }
    : null;
}

const excerpt = (answer: string) => {
  const flat = answer.replace(/\s+/g, ' ').trim();
  return flat.length > 200 ? `${flat.slice(0, 200)}…` : flat || '(an empty body)';
};

/** A setting from its option, else the environment, else a prompt; nothing typed (or no terminal) is a usage error. */
async function setting(io: CliIo, given: string | undefined, question: string, secret: boolean): Promise<string> {
  if (given) return given;
  const what = secret ? 'API key' : 'base URL';
  if (!io.input.isTerminal)
    throw new CliError(
      `No ${what} given and stdin is not a terminal: pass ${secret ? '--key <key> (or --key - to read it from stdin)' : '--base-url <url>'} or set ${secret ? 'ASSAY_API_KEY' : 'ASSAY_BASE_URL'}; nothing was saved`,
    );
  const answer = (await io.input.ask(question, { secret }))?.trim();
  if (!answer) throw new CliError(`No ${what} entered; nothing was saved`);
  return answer;
}

/** `assay login`: checks that the server is Assay and knows the key, then saves both for the next commands. */
export function addLoginCommand(program: Command, io: CliIo): void {
  program
    .command('login')
    .description('Check an API key against the server and save both for the next commands')
    .option('--base-url <url>', 'where the API is served (default: ASSAY_BASE_URL, else asked)')
    .option('--key <key>', 'the API key; - reads it from stdin (default: ASSAY_API_KEY, else asked, not echoed)')
    .action(async (options: { baseUrl?: string; key?: string }) => {
      const baseUrl = await setting(io, options.baseUrl ?? io.env.ASSAY_BASE_URL, 'Base URL: ', false);
      const piped = options.key === '-' ? (await io.input.readAll()).trim() : undefined;
      if (piped === '') throw new CliError('--key - read no key from stdin; nothing was saved');
      const apiKey = await setting(io, piped ?? options.key ?? io.env.ASSAY_API_KEY, 'API key: ', true);
      const client = cliClient({ baseUrl, apiKey });
      const answer = await client.api.GET('/auth/user', { parseAs: 'text' });
      const { status } = answer.response;
      if (answer.data === undefined)
        throw new CliError(`checking the key at ${baseUrl}: ${refusal(answer)}; nothing was saved`);
      const user = identityIn(answer.data);
      if (!user)
        throw new CliError(
          `${baseUrl} does not answer as an Assay server: GET /auth/user gave ${status} ${excerpt(answer.data)}; nothing was saved`,
        );
      const file = await saveSettings({ baseUrl, apiKey }, io.env);
      io.print(`Logged in to ${baseUrl} as ${user.email} (${user.role}) in ${user.organizationId}; saved in ${file}`);
    });
}
