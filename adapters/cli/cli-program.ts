import { createInterface } from 'node:readline/promises';
import { Command } from 'commander';
import { type AssayClient, createAssayClient } from '../client/assay-client.ts';
import { CliError, required } from './cli-errors.ts';
import { addResourceCommands } from './resource-commands.ts';
import { addRunCommand } from './run-command.ts';
import { addTransferCommands } from './transfer-commands.ts';
import { loadSettings, saveSettings } from './cli-settings.ts';

/** What the program reads and writes besides the API: kept apart so the entry point alone touches the process. */
export interface CliIo {
  print(text: string): void;
  /** Whether stdout is a terminal that may show colors and bars (never with NO_COLOR). */
  readonly interactive: boolean;
  readonly env: NodeJS.ProcessEnv;
}

async function ask(question: string): Promise<string> {
  const prompt = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return (await prompt.question(question)).trim();
  } finally {
    prompt.close();
  }
}

/** The `assay` command line: login and whoami, lists and reads, and `run` as a CI gate. */
export function cliProgram(io: CliIo): Command {
  const connect = async (): Promise<AssayClient> => {
    const settings = await loadSettings(io.env);
    if (!settings) throw new CliError('Not logged in: run `assay login` (or set ASSAY_BASE_URL and ASSAY_API_KEY)');
    return createAssayClient(settings);
  };
  const program = new Command('assay').description('Assay from the command line').exitOverride();
  program
    .command('login')
    .description('Check an API key against the server and save both for the next commands')
    .option('--base-url <url>', 'where the API is served')
    .option('--key <key>', 'the API key')
    .action(async (options: { baseUrl?: string; key?: string }) => {
      const baseUrl = options.baseUrl ?? io.env.ASSAY_BASE_URL ?? (await ask('Base URL: '));
      const apiKey = options.key ?? io.env.ASSAY_API_KEY ?? (await ask('API key: '));
      const user = required(await createAssayClient({ baseUrl, apiKey }).api.GET('/auth/user', {}), 'checking the key');
      const file = await saveSettings({ baseUrl, apiKey }, io.env);
      io.print(`Logged in to ${baseUrl} as ${user.email} (${user.role}); saved in ${file}`);
    });
  program
    .command('whoami')
    .description('Who the saved key belongs to')
    .action(async () => {
      const user = required(await (await connect()).api.GET('/auth/user', {}), 'reading the current user');
      io.print(`${user.email} (${user.role}) in ${user.organizationId}`);
    });
  addResourceCommands(program, connect, io.print);
  addRunCommand(program, connect, io);
  addTransferCommands(program, connect, io);
  return program;
}
