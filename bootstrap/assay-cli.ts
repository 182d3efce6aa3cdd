#!/usr/bin/env node
import { CommanderError } from 'commander';
import { CliError, EXIT } from '../adapters/cli/cli-errors.ts';
import { cliProgram } from '../adapters/cli/cli-program.ts';

/** The `assay` command: exits 0 when done, 1 when the gate fails, 2 on usage or connection problems. */
const program = cliProgram({
  print: (text) => process.stdout.write(`${text}\n`),
  interactive: Boolean(process.stdout.isTTY) && !process.env.NO_COLOR,
  env: process.env,
});
program.parseAsync(process.argv).then(
  () => process.exit(EXIT.ok),
  (error: unknown) => {
    if (error instanceof CommanderError) process.exit(error.exitCode === 0 ? EXIT.ok : EXIT.usage);
    const code = error instanceof CliError ? error.exitCode : EXIT.usage;
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(
      `${message === 'fetch failed' ? `Cannot reach the Assay API (${cause ?? message})` : message}\n`,
    );
    process.exit(code);
  },
);
