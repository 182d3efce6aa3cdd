import test from 'ava';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { ApiClient } from '../support/api-client.ts';
import { createTenant } from '../support/http-world.ts';
import { startServerProcess, type ServerProcess } from '../support/platform-processes.ts';
import { killRunning, SERVER_HEAP } from '../support/processes.ts';

/**
 * Bodies built to exhaust the parser's memory, sent to a server started as `npm start` starts it (a 256 MB heap),
 * where each of them used to end the process with "JavaScript heap out of memory".
 */
const MB = 1024 * 1024;

/** 8,000,000 `[` then as many `]`: 16 MB nesting 8 million levels deep. */
function brackets(): Buffer {
  const body = Buffer.alloc(16_000_000, 0x5b);
  return body.fill(0x5d, 8_000_000);
}

/** `prefix` + `{},{},…{}` + `suffix`, just under 16 MB: over five million empty objects. */
function emptyObjects(prefix: string, suffix: string): Buffer {
  const count = Math.floor((16 * MB - prefix.length - suffix.length) / 3);
  return Buffer.from(`${prefix}${'{},'.repeat(count - 1)}{}${suffix}`);
}

/** Two arrays of 8 MB of numbers each. */
const twoArrays = (): Buffer => Buffer.from(`{"a":[${'0,'.repeat(4 * MB - 1)}0],"b":[${'0,'.repeat(4 * MB - 1)}0]}`);

const json = { 'content-type': 'application/json' };

let folder: string;
let server: ServerProcess;

test.before(async () => {
  folder = await mkdtemp(join(tmpdir(), 'assay-bombs-'));
  server = await startServerProcess(
    { DATABASE_URL: `sqlite:${join(folder, 'bombs.sqlite')}`, LOG_LEVEL: 'warn' },
    { nodeArguments: SERVER_HEAP },
  );
});
test.after.always(async () => {
  killRunning();
  await rm(folder, { recursive: true, force: true });
});

/** Sends `bomb` while another tenant reads its products; both answers, and the process still up afterwards. */
async function whileAnotherTenantReads(bystander: ApiClient, bomb: () => Promise<{ status: number; body: any }>) {
  const [answer, read] = await Promise.all([
    bomb(),
    new Promise<void>((resolve) => setTimeout(resolve, 50)).then(() => bystander.get('/products')),
  ]);
  return { answer, read };
}

test.serial(
  'routes open without a key take small bodies: 16 MB of brackets to sign-in is a 413, not a crash',
  async (t) => {
    const anonymous = server.admin.as(undefined);
    const { owner: bystander } = await createTenant(server);
    const { answer, read } = await whileAnotherTenantReads(bystander, () =>
      anonymous.request('POST', '/auth/signIn', { raw: brackets(), headers: json }),
    );
    t.is(answer.status, 413);
    t.is(answer.body.error, 'payload_too_large');
    t.regex(answer.body.message, /8192 bytes/);
    t.is(read.status, 200, 'another tenant is served meanwhile');

    const mfa = await anonymous.request('POST', '/auth/mfa/verify', { raw: emptyObjects('[', ']'), headers: json });
    t.is(mfa.status, 413);
    const webhook = await anonymous.request('POST', '/webhooks/marketplace', { raw: twoArrays(), headers: json });
    t.is(webhook.status, 413);
    t.is(webhook.body.error, 'payload_too_large');

    // Without a declared length the limit is counted as the bytes arrive.
    const streamed = await fetch(`${server.url}/auth/signIn`, {
      method: 'POST',
      headers: json,
      body: Readable.from([brackets()]),
      duplex: 'half',
    } as RequestInit);
    t.is(streamed.status, 413);
    t.is(((await streamed.json()) as { error: string }).error, 'payload_too_large');
    t.is((await anonymous.get('/health')).status, 200);
    t.is(server.process.child.exitCode, null, 'the process is still up');
  },
);

test.serial('a keyed route refuses millions of JSON values or deep nesting before parsing them', async (t) => {
  const { owner: attacker } = await createTenant(server);
  const { owner: bystander } = await createTenant(server);
  const objects = await whileAnotherTenantReads(bystander, () =>
    attacker.request('POST', '/traces/batch', { raw: emptyObjects('{"traces":[', ']}'), headers: json }),
  );
  t.is(objects.answer.status, 413);
  t.is(objects.answer.body.error, 'payload_too_large');
  t.regex(objects.answer.body.message, /more than 1000000 JSON values/);
  t.is(objects.read.status, 200, 'another tenant is served meanwhile');

  const deep = await whileAnotherTenantReads(bystander, () =>
    attacker.request('POST', '/products', { raw: brackets(), headers: json }),
  );
  t.is(deep.answer.status, 400);
  t.is(deep.answer.body.error, 'invalid_input');
  t.regex(deep.answer.body.message, /deeper than 64 levels/);
  t.regex(deep.answer.body.issues[0].path, /^0\.0\.0/);
  t.is(deep.read.status, 200);

  const otlp = await attacker.request('POST', '/otel/v1/traces', {
    raw: emptyObjects('{"resourceSpans":[', ']}'),
    headers: json,
  });
  t.is(otlp.status, 413);
  t.regex(otlp.body.message, /more than 1000000 JSON values/);
  // The protobuf form of the same bomb: eight million empty ResourceSpans messages, two bytes each.
  const emptyMessages = Buffer.alloc(16_000_000);
  for (let index = 0; index < emptyMessages.length; index += 2) emptyMessages[index] = 0x0a;
  const protobuf = await attacker.request('POST', '/otel/v1/traces', {
    raw: emptyMessages,
    headers: { 'content-type': 'application/x-protobuf' },
  });
  t.is(protobuf.status, 413);
  t.regex(protobuf.body.message, /more than 1000000 protobuf fields/);
  const webhookArrays = await attacker.request('POST', '/products', { raw: twoArrays(), headers: json });
  t.is(webhookArrays.status, 413, 'eight million numbers are too many values on any route');

  t.is((await bystander.get('/products')).status, 200);
  t.is(server.process.child.exitCode, null, 'the process is still up');
});

test.serial(
  'a body just under the value limit is parsed and refused by its schema, the process unharmed',
  async (t) => {
    const { owner } = await createTenant(server);
    const count = 999_990;
    const body = Buffer.from(`{"traces":[${'{},'.repeat(count - 1)}{}]}`);
    const answer = await owner.request('POST', '/traces/batch', { raw: body, headers: json });
    t.is(answer.status, 400);
    t.is(answer.body.error, 'invalid_input');
    t.is((await owner.get('/products')).status, 200);
    t.is(server.process.child.exitCode, null);
  },
);
