import { Command } from 'commander';
import type { AssayClient } from '../client/assay-client.ts';
import { cliClient } from './cli-client.ts';
import { CliError, required } from './cli-errors.ts';
import { loadSettings } from './cli-settings.ts';
import { addGenerateCommand } from './generate-command.ts';
import { addLoginCommand } from './login-command.ts';
import { addResourceCommands } from './resource-commands.ts';
import { addRunCommand } from './run-command.ts';
import type { CliInput } from './terminal-input.ts';
import { addTransferCommands } from './transfer-commands.ts';
import { addUsageCommand } from './usage-command.ts';

/** What the program reads and writes besides the API: kept apart so the entry point alone touches the process. */
export interface CliIo {
  print(text: string): void;
  /** Whether stdout is a terminal that may show colors and bars (never with NO_COLOR). */
  readonly interactive: boolean;
  readonly env: NodeJS.ProcessEnv;
  readonly input: CliInput;
  /** The package's version, for `--version`. */
  readonly version: string;
}

/** The `assay` command line: login and whoami, lists and reads, imports, and `run` as a CI gate. */
export function cliProgram(io: CliIo): Command {
  const connect = async (): Promise<AssayClient> => {
    const settings = await loadSettings(io.env);
    if (!settings) throw new CliError('Not logged in: run `assay login` (or set ASSAY_BASE_URL and ASSAY_API_KEY)');
    return cliClient(settings);
  };
  const program = new Command('assay')
    .description('Assay from the command line: read records, import test cases, send spans, gate a CI build')
    .version(io.version, '-V, --version', 'print the version of assay')
    .helpOption('-h, --help', 'show what a command does and takes')
    .helpCommand('help [command]', 'show the help of a command')
    // `assay --version` prints the version; `assay run --version <id>` is the run's own option.
    .enablePositionalOptions()
    .exitOverride();
  addLoginCommand(program, io);
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
  addUsageCommand(program, connect, io.print);
  addGenerateCommand(program, connect, io);
  return program;
}
