import test from 'ava';
import { runWalkThrough, walkThrough } from '../support/doc-walkthrough.ts';
import { useWorld } from '../support/http-world.ts';

// On SQLite, as `npm start` serves it; the blocks use curl and jq as a person would.
const world = useWorld(test, 'sqlite');

test('the README walk-through runs top to bottom and ends with scored evaluations and a run summary', async (t) => {
  const { script } = await walkThrough('README.md', '## A walk through the API');
  t.true(script.split('\n').length > 40, 'the walk-through has its blocks');
  const { stdout } = await runWalkThrough(script, { KEY: world().adminKey, API: world().url });
  t.regex(stdout, /\{"status":"SUCCESS","score":1,/, 'the session scored by its specification');
  t.regex(stdout, /\{"status":"COMPLETED","evaluationCount":\d+\}/, 'the run closed');
  t.regex(stdout, /"metricId":"metric_[^"]+"/, 'the run summary');
  t.regex(stdout, /\{"status":"SUCCESS","score":0\.8\}/, 'the human review');
  t.regex(stdout, /[}\n]401\n?$/, 'the revoked key');
});
