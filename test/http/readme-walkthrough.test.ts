import test from 'ava';
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { useWorld } from '../support/http-world.ts';

const run = promisify(execFile);

/** The shell blocks of the README's walk-through, in order, as one script. */
async function walkThrough(): Promise<string> {
  const readme = await readFile(new URL('../../README.md', import.meta.url), 'utf8');
  const section = readme.slice(readme.indexOf('## A walk through the API'), readme.indexOf('## Embedding'));
  const blocks = [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1]);
  return blocks.join('\n');
}

// On SQLite, as `npm start` serves it; the blocks use curl and jq as a person would.
const world = useWorld(test, 'sqlite');

test('the README walk-through runs top to bottom and ends with scored evaluations and a run summary', async (t) => {
  const script = await walkThrough();
  t.true(script.split('\n').length > 40, 'the walk-through has its blocks');
  const { stdout } = await run('bash', ['-euo', 'pipefail', '-c', script], {
    env: { ...process.env, KEY: world().adminKey, API: world().url },
    timeout: 120_000,
    maxBuffer: 16 * 1024 * 1024,
  });
  t.regex(stdout, /\{"status":"SUCCESS","score":1,/, 'the session scored by its specification');
  t.regex(stdout, /\{"status":"COMPLETED","evaluationCount":\d+\}/, 'the run closed');
  t.regex(stdout, /"metricId":"metric_[^"]+"/, 'the run summary');
  t.regex(stdout, /\{"status":"SUCCESS","score":0\.8\}/, 'the human review');
  t.regex(stdout, /[}\n]401\n?$/, 'the revoked key');
});
