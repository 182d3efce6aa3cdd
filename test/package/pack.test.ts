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
    // Every declaration the package ships is checked too: a public type needing a package the host lacks fails here.
    skipLibCheck: false,
    outDir: 'out',
    types: ['node'],
  },
  include: ['host.ts'],
};

let scratch = '';
test.after.always(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

/** Every package a manifest's dependencies bring, through the checkout's node_modules (where the host's links lead). */
async function dependencyClosure(names: readonly string[]): Promise<Set<string>> {
  const seen = new Set<string>();
  const waiting = [...names];
  for (let name = waiting.pop(); name !== undefined; name = waiting.pop()) {
    if (seen.has(name)) continue;
    seen.add(name);
    const manifest = await readFile(join(REPO, 'node_modules', name, 'package.json'), 'utf8').then(
      (text) => JSON.parse(text),
      () => ({}),
    );
    waiting.push(...Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies }));
  }
  return seen;
}

/** The README's embedding example, exactly as written: its first JavaScript block. */
async function readmeExample(readme: string): Promise<string> {
  const section = (await readFile(readme, 'utf8')).split('## Embedding')[1] ?? '';
  return /^```js\n([\s\S]*?)^```/m.exec(section)?.[1] ?? '';
}

test.serial('the packed package installs into a strict TypeScript host and runs with plain node', async (t) => {
  scratch = await mkdtemp(join(tmpdir(), 'assay-host-'));
  // `npm run package` builds, stages the published files and manifest, and reports `npm pack --json` last.
  const packed = await run('npm', ['run', '--silent', 'package', '--', '--pack-destination', scratch], {
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
  t.true(files.includes('dist/adapters/http/console/dist/console.js'), 'the console is shipped built');
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
  t.is(manifest.scripts, undefined, 'no scripts: nothing of the checkout (prepare) runs in a host install');
  t.is(manifest.devDependencies, undefined);
  const runtime = await dependencyClosure(Object.keys(manifest.dependencies));
  t.false(runtime.has('tsx') || runtime.has('esbuild'), 'neither tsx nor esbuild is installed with the package');
  t.false(
    files.some((path) => path.endsWith('.map') || path.endsWith('.tsbuildinfo')),
    'no source maps or build state',
  );
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

  // The README's embedding example, as written, in plain node: twice on the same SQLite file.
  await writeFile(join(host, 'embed.mjs'), await readmeExample(join(installed, 'README.md')));
  for (let round = 0; round < 2; round += 1) {
    const { stdout } = await run('node', ['embed.mjs'], { cwd: host });
    t.regex(stdout, /^SUCCESS 1$/m, `round ${round}: ${stdout}`);
    t.regex(stdout, /^Assay at http:\/\/127\.0\.0\.1:\d+$/m);
  }
  // The built command line, as installed.
  const version = await run('node', [join(installed, manifest.bin.assay), '--version'], { cwd: host });
  t.is(version.stdout.trim(), manifest.version);
});
