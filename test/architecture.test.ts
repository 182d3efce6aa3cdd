import test from 'ava';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, resolve, dirname } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const LAYERS = ['domain', 'application', 'adapters', 'bootstrap'] as const;
type Layer = (typeof LAYERS)[number];

async function sourceFiles(folder: string): Promise<string[]> {
  const entries = await readdir(join(ROOT, folder), { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
}

const SPECIFIER =
  /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;

function importsOf(source: string): string[] {
  return [...source.matchAll(SPECIFIER)].map((match) => match[1] ?? match[2] ?? match[3]);
}

/** Why an import breaks the dependency rule, or null when it is allowed. */
function violation(layer: Layer, file: string, specifier: string): string | null {
  if (specifier.startsWith('.')) {
    const target = relative(ROOT, resolve(ROOT, dirname(file), specifier)).split('/')[0];
    const allowed: Record<Layer, string[]> = {
      domain: ['domain'],
      application: ['domain', 'application'],
      adapters: ['domain', 'application', 'adapters'],
      bootstrap: ['domain', 'application', 'adapters', 'bootstrap'],
    };
    return allowed[layer].includes(target) ? null : `${layer} may not import ${target}/`;
  }
  if (layer === 'domain') return `domain may not import packages or node modules (${specifier})`;
  if (layer === 'application') return `application may not import packages or node modules (${specifier})`;
  if (layer === 'adapters' && (specifier === 'inversify' || specifier.startsWith('@inversifyjs/')))
    return 'only bootstrap wires with inversify';
  return null;
}

/** Source without comments, so prose that mentions `process` or `require` is not taken for code. */
function codeOf(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:\\])\/\/.*$/gm, '$1');
}

/** What the pure layers may not reach for by themselves: the clock, randomness, the process, modules at run time. */
const AMBIENT: readonly (readonly [RegExp, string])[] = [
  [/\bDate\s*\.\s*now\s*\(/, 'reads the clock (Date.now): take the time from the Clock port'],
  [/\bnew\s+Date\s*\(\s*\)/, 'reads the clock (new Date()): take the time from the Clock port'],
  [/\bperformance\s*\.\s*now\s*\(/, 'reads the clock (performance.now): take the time from the Clock port'],
  [/\bMath\s*\.\s*random\s*\(/, 'draws randomness (Math.random): take ids from the IdGenerator port'],
  [/(?<![\w$.])crypto\s*\./, 'uses crypto (randomUUID and the like): take ids from the IdGenerator port'],
  [
    /(?<![\w$.])process\s*[.[]|\bglobalThis\s*\.\s*process\b/,
    'reads the process (env, argv, exit): configuration comes in',
  ],
  // A call, not the declaration of a method named require (`require(scope: string, id: string): Promise<T>`).
  [
    /(?<![\w$.])require\s*\((?![^()]*\)\s*:)/,
    'loads a module with require(): only static imports, which the dependency rule checks',
  ],
  [/(?<![\w$.])import\s*\(\s*(?!['"][./])/, 'imports a package or a computed specifier at run time'],
];

/** Why the source of a domain or application file reaches for an ambient capability, one line per finding. */
function ambientUses(layer: Layer, source: string): string[] {
  if (layer !== 'domain' && layer !== 'application') return [];
  const code = codeOf(source);
  return AMBIENT.filter(([pattern]) => pattern.test(code)).map(([, why]) => `${layer} ${why}`);
}

test('every import respects domain <- application <- adapters <- bootstrap', async (t) => {
  const problems: string[] = [];
  let checked = 0;
  for (const layer of LAYERS) {
    for (const file of await sourceFiles(layer)) {
      for (const specifier of importsOf(await readFile(join(ROOT, file), 'utf8'))) {
        checked += 1;
        const problem = violation(layer, file, specifier);
        if (problem) problems.push(`${file}: ${specifier} — ${problem}`);
      }
    }
  }
  t.true(checked > 50, 'the scan found the imports');
  t.deepEqual(problems, []);
});

test('domain and application take clock, ids and configuration through ports, and load no module at run time', async (t) => {
  const problems: string[] = [];
  let checked = 0;
  for (const layer of ['domain', 'application'] as const) {
    for (const file of await sourceFiles(layer)) {
      checked += 1;
      for (const problem of ambientUses(layer, await readFile(join(ROOT, file), 'utf8')))
        problems.push(`${file}: ${problem}`);
    }
  }
  t.true(checked > 50, 'the scan found the files');
  t.deepEqual(problems, []);
});

test('the ambient rule catches the clock, randomness, the process and run-time module loading', (t) => {
  const refused = [
    'const now = Date.now();',
    'const now = new Date();',
    'const id = Math.random().toString(36);',
    'const id = crypto.randomUUID();',
    'const url = process.env.DATABASE_URL;',
    'const { env } = globalThis.process;',
    "const pg = require('pg');",
    "const koa = await import('koa');",
    'const adapter = await import(name);',
  ];
  for (const source of refused) {
    t.is(ambientUses('domain', source).length, 1, source);
    t.is(ambientUses('application', source).length, 1, source);
    t.deepEqual(ambientUses('adapters', source), [], source);
  }
  const allowed = [
    'const found = await this.ports.products.require(scope, id);',
    '  require(scope: string | null, id: string): Promise<T>;',
    "const at = new Date('2026-01-01T00:00:00.000Z');",
    '// one process keeps counts; Date.now() is read by the adapter',
    '/** require() and process.env are for bootstrap */',
    "const helper = await import('./helper.ts');",
    "const url = 'https://example.org';",
  ];
  for (const source of allowed) t.deepEqual(ambientUses('domain', source), [], source);
});

test('the rule catches outward and framework imports', (t) => {
  t.truthy(violation('domain', 'domain/a/b.ts', '../../application/ports/clock.ts'));
  t.truthy(violation('domain', 'domain/a.ts', 'node:crypto'));
  t.truthy(violation('application', 'application/x.ts', 'koa'));
  t.truthy(violation('application', 'application/x/y.ts', '../../adapters/http/app.ts'));
  t.truthy(violation('adapters', 'adapters/x.ts', 'inversify'));
  t.truthy(violation('adapters', 'adapters/x.ts', '../bootstrap/config.ts'));
  t.is(violation('adapters', 'adapters/http/x.ts', '../../domain/errors.ts'), null);
  t.is(violation('bootstrap', 'bootstrap/x.ts', 'inversify'), null);
  t.deepEqual(
    importsOf(
      "import type { A } from './a.ts';\nexport { b } from \"../b.ts\";\nconst c = await import('./c.ts');\nimport 'reflect-metadata';",
    ),
    ['./a.ts', '../b.ts', './c.ts', 'reflect-metadata'],
  );
});

/** The feature folder (`application/<feature>/…`) a file or an import target lies in; null for `application/` itself. */
function featureOf(path: string): string | null {
  const [layer, feature, ...rest] = path.split('/');
  return layer === 'application' && rest.length > 0 ? feature : null;
}

/** Which application feature folders each one imports (files at the top of `application/` are not a feature). */
async function featureImports(): Promise<Map<string, Set<string>>> {
  const graph = new Map<string, Set<string>>();
  for (const file of await sourceFiles('application')) {
    const from = featureOf(file);
    if (from === null) continue;
    const targets = graph.get(from) ?? new Set<string>();
    graph.set(from, targets);
    for (const specifier of importsOf(await readFile(join(ROOT, file), 'utf8'))) {
      if (!specifier.startsWith('.')) continue;
      const to = featureOf(relative(ROOT, resolve(ROOT, dirname(file), specifier)));
      if (to !== null && to !== from) targets.add(to);
    }
  }
  return graph;
}

/** Every cycle of folders in `graph`, each once, as the path that closes it (`a -> b -> a`). */
function folderCycles(graph: ReadonlyMap<string, ReadonlySet<string>>): string[] {
  const cycles = new Set<string>();
  const visit = (node: string, path: readonly string[]): void => {
    const at = path.indexOf(node);
    if (at >= 0) {
      const loop = path.slice(at);
      const first = loop.indexOf([...loop].sort()[0]);
      const turned = [...loop.slice(first), ...loop.slice(0, first)];
      cycles.add([...turned, turned[0]].join(' -> '));
      return;
    }
    for (const next of [...(graph.get(node) ?? [])].sort()) visit(next, [...path, node]);
  };
  for (const node of [...graph.keys()].sort()) visit(node, []);
  return [...cycles].sort();
}

test('application feature folders import each other without a cycle (a shared piece gets its own folder)', async (t) => {
  const graph = await featureImports();
  t.true(graph.size > 10, 'the scan found the feature folders');
  t.true(
    [...graph.values()].some((targets) => targets.size > 0),
    'the scan found imports between folders',
  );
  t.deepEqual(folderCycles(graph), []);
});

test('the cycle rule finds every loop between folders, however long, once', (t) => {
  const graph = (edges: Record<string, string[]>) =>
    new Map(Object.entries(edges).map(([from, to]) => [from, new Set(to)]));
  t.deepEqual(folderCycles(graph({ runs: ['launch'], evaluations: ['launch'], launch: [] })), []);
  t.deepEqual(folderCycles(graph({ runs: ['evaluations'], evaluations: ['runs'] })), [
    'evaluations -> runs -> evaluations',
  ]);
  t.deepEqual(
    folderCycles(graph({ runs: ['generation', 'evaluations'], generation: ['evaluations'], evaluations: ['runs'] })),
    ['evaluations -> runs -> evaluations', 'evaluations -> runs -> generation -> evaluations'],
  );
  t.is(featureOf('application/run/close-run.ts'), 'run');
  t.is(featureOf('application/use-cases.ts'), null);
  t.is(featureOf('domain/run/run.ts'), null);
});
