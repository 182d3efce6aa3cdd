import test from 'ava';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assayCli, assayCliOnTerminal } from '../support/assay-cli.ts';
import { startGenerationModelServer } from '../support/generation-model-server.ts';
import { generationScene, testCasesOf } from '../support/generation-scenes.ts';
import { createTenant, useWorld } from '../support/http-world.ts';
import { tinyPdf } from '../support/tiny-pdf.ts';

// `assay tests generate`: uploads the knowledge file, queues the job and waits for it, with a bar on a terminal.
const model = await startGenerationModelServer();
test.after.always(() => model.close());
const world = useWorld(test, 'sqlite', { GENERATOR_BASE_URL: model.url, GENERATOR_MODEL: 'gen-model' });

async function scene(type: 'QUALITY' | 'RED_TEAMING') {
  const tenant = await createTenant(world());
  const { dataset } = await generationScene(tenant, type);
  const folder = await mkdtemp(join(tmpdir(), 'assay-generate-'));
  const env = { XDG_CONFIG_HOME: folder, ASSAY_BASE_URL: world().url, ASSAY_API_KEY: tenant.owner.key ?? '' };
  return { tenant, dataset, folder, env };
}

test.serial('tests generate uploads a PDF, waits for the job and reports what it wrote', async (t) => {
  model.reset();
  const { tenant, dataset, folder, env } = await scene('QUALITY');
  const pdf = join(folder, 'guide.pdf');
  await writeFile(pdf, tinyPdf([['Kettles boil water in two minutes.']]));
  const args = ['tests', 'generate', '--test', dataset.id, '--kind', 'quality', '--max', '3', '--knowledge-file', pdf];
  const outcome = await assayCli(args, { ...env, NO_COLOR: '1' });
  t.is(outcome.code, 0, outcome.stderr);
  t.regex(outcome.stdout, /Job job_\S+ queued/);
  t.regex(outcome.stdout, /completed: 3 of 3 test cases written/);
  t.notRegex(outcome.stdout + outcome.stderr, /Generating \[/);
  t.regex(model.prompt(0), /Kettles boil water/);
  t.is((await testCasesOf(tenant.owner, dataset.id)).length, 3);
});

test.serial('on a terminal a bar shows the progress; a failed job exits 1; a refusal exits 2', async (t) => {
  model.reset();
  const { dataset, env } = await scene('RED_TEAMING');
  const args = ['tests', 'generate', '--test', dataset.id, '--kind', 'RED_TEAMING', '--max', '4'];
  const drawn = await assayCliOnTerminal([...args, '--variant', 'toxicity', '--strategies', 'hex,leetspeak'], env);
  t.is(drawn.code, 0, drawn.stdout);
  t.regex(drawn.stdout, /Generating \[[^\]]*\] \d\/4 test cases/);
  model.state.unreachable = true;
  const failed = await assayCli([...args, '--variant', 'misuse'], { ...env, NO_COLOR: '1' });
  t.is(failed.code, 1, failed.stderr);
  t.regex(failed.stdout, /failed: 0 of 4/);
  t.regex(failed.stdout, /could not be reached/);
  const refused = await assayCli([...args, '--variant', 'nonsense'], { ...env, NO_COLOR: '1' });
  t.is(refused.code, 2);
  t.regex(refused.stderr, /400/);
});
