// `npm run package [-- --pack-destination <folder>]`: the package as published, packed from a staging folder apart
// from the checkout: dist/ (without source maps and build state), docs/ and the README, under a manifest without the
// development scripts, development dependencies or install settings, so nothing of the checkout's tooling runs
// (no `prepare`) or is needed in a host's install. Prints `npm pack --json`'s report.
// `--refuse` is the checkout's `prepack`: `npm pack` there would ship the development manifest.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';

const ROOT = join(import.meta.dirname, '..');

if (process.argv.includes('--refuse')) {
  process.stderr.write('Pack the package with `npm run package`: it stages the published files and manifest.\n');
  process.exit(1);
}

const at = process.argv.indexOf('--pack-destination');
const destination = resolve(at > 0 ? process.argv[at + 1] : ROOT);
const stage = mkdtempSync(join(tmpdir(), 'assay-package-'));
try {
  const shipped = (path) => !/\.map$/.test(path) && !['.tsbuildinfo', '.built'].includes(basename(path));
  cpSync(join(ROOT, 'dist'), join(stage, 'dist'), { recursive: true, filter: shipped });
  cpSync(join(ROOT, 'docs'), join(stage, 'docs'), { recursive: true });
  for (const file of ['README.md', 'LICENSE'])
    if (existsSync(join(ROOT, file))) cpSync(join(ROOT, file), join(stage, file));
  const {
    scripts: _scripts,
    devDependencies: _dev,
    allowScripts: _allow,
    ...manifest
  } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  writeFileSync(join(stage, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  process.stdout.write(
    execFileSync('npm', ['pack', stage, '--pack-destination', destination, '--json'], { encoding: 'utf8' }),
  );
} finally {
  rmSync(stage, { recursive: true, force: true });
}
