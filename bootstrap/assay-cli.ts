#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { CommanderError } from 'commander';
import { CliError, EXIT } from '../adapters/cli/cli-errors.ts';
import { cliProgram } from '../adapters/cli/cli-program.ts';
import { processInput } from '../adapters/cli/terminal-input.ts';

/** The version in the package's manifest, found upwards from here (`bootstrap/` in a checkout, `dist/bootstrap/` built). */
function packageVersion(): string {
  for (let folder = import.meta.dirname; ; folder = dirname(folder)) {
    try {
      const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
      if (manifest.name === 'assay') return String(manifest.version);
    } catch {}
    if (dirname(folder) === folder) return 'unknown';
  }
}

/** The `assay` command: exits 0 when done, 1 when the gate fails, 2 on usage or connection problems. */
const program = cliProgram({
  print: (text) => process.stdout.write(`${text}\n`),
  interactive: Boolean(process.stdout.isTTY) && !process.env.NO_COLOR,
  env: process.env,
  input: processInput(process.stdin, process.stderr),
  version: packageVersion(),
});
program.parseAsync(process.argv).then(
  () => process.exit(EXIT.ok),
  (error: unknown) => {
    // Commander has printed its own message (or the help, or the version) already.
    if (error instanceof CommanderError) process.exit(error.exitCode === 0 ? EXIT.ok : EXIT.usage);
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(error instanceof CliError ? error.exitCode : EXIT.usage);
  },
);
