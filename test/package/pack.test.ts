import test from 'ava';
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const REPO = join(import.meta.dirname, '..', '..');

/** The strict settings a careful host compiles with. */
const HOST_TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    strict: true,
    noUncheckedIndexedAccess: true,
    exactOptionalPropertyTypes: true,
    skipLibCheck: true,
    outDir: 'out',
    types: ['node'],
  },
  include: ['host.ts'],
};

let scratch = '';
test.after.always(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

test.serial('the packed package installs into a strict TypeScript host and runs with plain node', async (t) => {
  scratch = await mkdtemp(join(tmpdir(), 'assay-host-'));
  // npm pack runs prepack (npm run build, whose output comes first) and then reports the tarball as JSON.
  const packed = await run('npm', ['pack', '--pack-destination', scratch, '--json'], {
    cwd: REPO,
    maxBuffer: 64 * 1024 * 1024,
  });
  const [report] = JSON.parse(packed.stdout.slice(packed.stdout.search(/^\[\s*\{/m))) as {
    filename: string;
    files: { path: string }[];
  }[];
  const files = report?.files.map((file) => file.path) ?? [];
  t.true(files.includes('dist/bootstrap/library.js') && files.includes('dist/bootstrap/library.d.ts'));
  t.true(files.includes('dist/bootstrap/http.js') && files.includes('dist/adapters/http/review/dist/review.js'));
  t.true(files.includes('dist/adapters/client/assay-client.js'));
  t.deepEqual(
    files.filter((path) => path.startsWith('test/') || path.includes('.test.')),
    [],
    'no tests ship',
  );

  const host = join(scratch, 'host');
  await mkdir(host);
  await writeFile(join(host, 'package.json'), JSON.stringify({ name: 'host', private: true, type: 'module' }));
  await writeFile(join(host, 'tsconfig.json'), JSON.stringify(HOST_TSCONFIG));
  await cp(join(REPO, 'test/package/host-program.ts.txt'), join(host, 'host.ts'));
  // Installed as npm installs a dependency: the tarball unpacked into node_modules/assay. Its dependencies come
  // from this checkout's `npm ci` (npm resolving them again would need the registry; tests stay on loopback), and
  // only those its manifest lists, so a runtime dependency missing from `dependencies` fails here.
  const installed = join(host, 'node_modules', 'assay');
  await mkdir(installed, { recursive: true });
  await run('tar', ['-xzf', join(scratch, report?.filename ?? ''), '-C', installed, '--strip-components=1']);
  const manifest = JSON.parse(await readFile(join(installed, 'package.json'), 'utf8'));
  const hostTools = ['typescript', '@types/node'];
  for (const name of [...Object.keys(manifest.dependencies), ...hostTools]) {
    await mkdir(join(host, 'node_modules', name, '..'), { recursive: true });
    await symlink(join(REPO, 'node_modules', name), join(host, 'node_modules', name), 'dir');
  }

  await run('node', [join(host, 'node_modules/typescript/bin/tsc'), '-p', host], { cwd: host });
  for (const [database, firstStart] of [
    ['memory', true],
    [`sqlite:${join(scratch, 'host.sqlite')}`, true],
    [`sqlite:${join(scratch, 'host.sqlite')}`, false],
  ] as const) {
    const { stdout } = await run('node', [join(host, 'out/host.js'), database], { cwd: host });
    const result = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}');
    t.like(result, { organization: true, firstStart, product: true, missing: 'not_found', openapi: '3.1.0' });
    t.deepEqual(result.health, { status: 'ok' });
    t.true(
      result.products.some((product: { id: string }) => product.id === result.productId),
      database,
    );
  }
  t.is(manifest.engines.node, '>=20.19');
});
