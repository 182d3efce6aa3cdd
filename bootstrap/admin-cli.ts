#!/usr/bin/env node
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { buildOpenApi } from '../adapters/http/openapi.ts';
import { allRoutes } from '../adapters/http/routes/index.ts';
import { loadConfig } from './config.ts';
import { buildContainer, closeContainer } from './container.ts';
import { migrateStorage } from './start-services.ts';
import { TOKENS } from './tokens.ts';

const USAGE = `Usage: npm run cli -- <command> [options]   (administrative tasks on the configured database)
  help, --help                             print this usage
  migrate                                  apply pending database migrations (also: npm run migrate)
  create-key --email <e-mail> [--name <n>] issue an API key for an existing user and print it once
  sweep [--purge-after-seconds <s>]        run the retention and purge sweep now (as POST /maintenance/sweep):
                                           delete expired spans, and records soft-deleted <s> seconds ago or more
                                           (default PURGE_AFTER_SECONDS)
  openapi [--out docs/openapi.json]        write the OpenAPI document generated from the routes`;

const OPTIONS = {
  email: { type: 'string' },
  name: { type: 'string', default: 'cli key' },
  out: { type: 'string', default: 'docs/openapi.json' },
  'purge-after-seconds': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** The command line read, or null (after printing why and the usage) when it cannot be. */
function parsed(argv: string[]) {
  try {
    return parseArgs({ args: argv, allowPositionals: true, options: OPTIONS });
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${USAGE}\n`);
    return null;
  }
}

/** Administrative commands on the configured database. */
async function main(argv: string[], startedAt: Date): Promise<number> {
  const read = parsed(argv);
  if (!read) return 2;
  const { positionals, values } = read;
  if (values.help || positionals[0] === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const config = loadConfig(process.env, { LOG_LEVEL: 'warn' });
  switch (positionals[0]) {
    case 'migrate': {
      const container = await buildContainer(config, startedAt);
      try {
        const applied = await migrateStorage(container);
        process.stdout.write(`Migrations applied${applied.length ? `: ${applied.join(', ')}` : ' (none pending)'}.\n`);
      } finally {
        await closeContainer(container);
      }
      return 0;
    }
    case 'create-key': {
      if (!values.email) throw new Error('create-key needs --email');
      const container = await buildContainer(config, startedAt);
      try {
        await migrateStorage(container); // as every command on the database: its schema is this build's
        const useCases = await container.getAsync(TOKENS.useCases);
        const { user, key } = await useCases.issueKeyByEmail.execute({ email: values.email, name: values.name });
        process.stdout.write(`API key for ${user.email} (${user.role}), shown only this once:\n${key}\n`);
      } finally {
        await closeContainer(container);
      }
      return 0;
    }
    case 'sweep': {
      const seconds = values['purge-after-seconds'];
      if (seconds !== undefined && !/^\d+$/.test(seconds))
        throw new Error('--purge-after-seconds must be a whole number of seconds, 0 or more');
      const container = await buildContainer(config, startedAt);
      try {
        await migrateStorage(container);
        const useCases = await container.getAsync(TOKENS.useCases);
        const report = await useCases.sweepStorage.execute(
          seconds === undefined ? {} : { purgeAfterSeconds: Number(seconds) },
        );
        process.stdout.write(`Swept: ${report.expiredSpans} expired spans, ${report.purgedRecords} purged records.\n`);
      } finally {
        await closeContainer(container);
      }
      return 0;
    }
    case 'openapi': {
      const container = await buildContainer({ ...config, DATABASE_URL: 'memory' }, startedAt);
      const document = buildOpenApi(allRoutes(await container.getAsync(TOKENS.useCases)));
      await writeFile(values.out, `${JSON.stringify(document, null, 2)}\n`);
      process.stdout.write(`Wrote ${values.out}\n`);
      return 0;
    }
    default:
      process.stdout.write(`${USAGE}\n`);
      return positionals[0] ? 1 : 0;
  }
}

main(process.argv.slice(2), new Date()).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
