import { createPlatform } from '../../bootstrap/library.ts';

/** The platform in a process of its own for the span-ingestion benchmark: prints `{url, key}` once listening. */
const platform = await createPlatform({ database: process.argv[2] });
const first = await platform.useCases.ensurePlatformAdmin.execute();
const url = await platform.listen(0);
process.stdout.write(`${JSON.stringify({ url, key: first?.key })}\n`);
process.on('SIGTERM', () => {
  void platform.close().then(() => process.exit(0));
});
