import test from 'ava';
import { createTenant, databaseWorlds } from '../support/http-world.ts';
import { csv, issuePaths as paths, productWithTest } from '../support/dataset-scenes.ts';

// Importing test cases from CSV: rows, refusals naming every bad row, the content types taken, tenancy.
for (const { world, title } of await databaseWorlds(test)) {
  test(title('CSV import: rows become test cases, from JSON and plain cells'), async (t) => {
    const tenant = await createTenant(world());
    const { owner } = tenant;
    const { dataset } = await productWithTest(tenant);
    const file = [
      'input,expected_output,expectedTools,languageCode,context,maxIterations,isAugmented',
      'Where is my order?,It ships today,lookup_order|notify,en-US,,3,true',
      '"{""user_message"": ""Hola"", ""channel"": ""sms""}",Hola,"[""greet""]",es-MX,"Multi, line\ncontext",,',
    ].join('\n');
    const imported = await owner.request('POST', `/tests/${dataset.id}/testCases/import`, csv(file));
    t.is(imported.status, 201, JSON.stringify(imported.body));
    t.is(imported.body.imported, 2);
    const [first, second] = imported.body.testCases;
    t.deepEqual(first.input, { user_message: 'Where is my order?' });
    t.deepEqual(first.expectedTools, ['lookup_order', 'notify']);
    t.is(first.maxIterations, 3);
    t.true(first.isAugmented);
    t.is(first.context, null);
    t.deepEqual(second.input, { user_message: 'Hola', channel: 'sms' });
    t.deepEqual(second.context, { value: 'Multi, line\ncontext' });
    t.is(second.languageCode, 'es-MX');
    t.is((await owner.get('/testCases', { testIds: dataset.id })).body.length, 2);
  });

  test(title('CSV import: one bad row refuses the whole file, naming every bad row'), async (t) => {
    const tenant = await createTenant(world());
    const { owner } = tenant;
    const { dataset } = await productWithTest(tenant);
    const broken = ['input,languageCode,maxIterations', 'ok,en,1', ',xx-,two', 'fine,en,'].join('\n');
    const refused = await owner.request('POST', `/tests/${dataset.id}/testCases/import`, csv(broken));
    t.is(refused.status, 400);
    t.deepEqual(
      paths(refused).sort(),
      ['rows.2.input', 'rows.2.languageCode', 'rows.2.maxIterations'],
      'rows count data rows from 1',
    );
    t.regex(refused.body.message, /nothing was stored/);
    t.regex(refused.body.message, /row 2: /);
    const badScore = await owner.request(
      'POST',
      `/tests/${dataset.id}/testCases/import`,
      csv('input,user_score,gender\na,0.5,FEMALE\nb,7,MALE\nc,1,robot'),
    );
    t.deepEqual(paths(badScore).sort(), ['rows.2.userScore', 'rows.3.gender']);
    t.is((await owner.get('/testCases', { testIds: dataset.id })).body.length, 0, 'nothing stored');
  });

  test(title('CSV import: unknown columns, ragged rows and files without rows are refused'), async (t) => {
    const tenant = await createTenant(world());
    const { owner } = tenant;
    const { dataset } = await productWithTest(tenant);
    const unknown = await owner.request('POST', `/tests/${dataset.id}/testCases/import`, csv('prompt,answer\na,b'));
    t.deepEqual(paths(unknown), ['columns.prompt', 'columns.answer', 'columns.input']);
    const ragged = await owner.request('POST', `/tests/${dataset.id}/testCases/import`, csv('input,goal\na,b,c'));
    t.is(ragged.status, 400);
    t.is((await owner.request('POST', `/tests/${dataset.id}/testCases/import`, csv('input\n'))).status, 400);
  });

  test(title("CSV import: only CSV is taken, and another organization's test is unknown"), async (t) => {
    const tenant = await createTenant(world());
    const { owner } = tenant;
    const { dataset } = await productWithTest(tenant);
    const json = await owner.post(`/tests/${dataset.id}/testCases/import`, { rows: [] });
    t.is(json.status, 415);
    t.is(json.body.error, 'unsupported_media_type');
    const other = await createTenant(world());
    t.is((await other.owner.request('POST', `/tests/${dataset.id}/testCases/import`, csv('input\nx'))).status, 404);
  });
}
