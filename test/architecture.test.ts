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

export function importsOf(source: string): string[] {
  return [...source.matchAll(SPECIFIER)].map((match) => match[1] ?? match[2] ?? match[3]);
}

/** Why an import breaks the dependency rule, or null when it is allowed. */
export function violation(layer: Layer, file: string, specifier: string): string | null {
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
