// `npm start`, `npm run worker`: serve from dist/ when it is current. `npm install` builds it (the `prepare` step), so
// the first start only checks; when a source changed since the last build, it says so and builds again (tsc is
// incremental: only what changed). `--stamp` marks dist/ current (the last step of `npm run build:dist`).
// Plain JavaScript on purpose: it runs before anything is compiled.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
const STAMP = join(ROOT, 'dist', '.built');
/** What the build reads: the source folders, and the files that shape the output. */
const SOURCE_FOLDERS = ['domain', 'application', 'adapters', 'bootstrap'];
const SOURCE_FILES = ['package.json', 'tsconfig.json', 'tsconfig.build.json', 'docs/openapi.json'];
/** Build outputs inside the source folders (the reviewer page's dist, its staging folders, the client types). */
const isOutput = (name) =>
  name === 'dist' || name.startsWith('dist-') || name === 'generated' || name === 'node_modules';

/** The latest modification time of a file, or of any file under a folder. */
function newest(path) {
  const stats = statSync(path, { throwIfNoEntry: false });
  if (!stats) return 0;
  if (!stats.isDirectory()) return stats.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(path, { withFileTypes: true }))
    if (!(entry.isDirectory() && isOutput(entry.name))) latest = Math.max(latest, newest(join(path, entry.name)));
  return latest;
}

if (process.argv.includes('--stamp')) {
  writeFileSync(STAMP, `${new Date().toISOString()}\n`);
  process.exit(0);
}
const built = existsSync(STAMP) ? statSync(STAMP).mtimeMs : 0;
const changed = Math.max(...[...SOURCE_FOLDERS, ...SOURCE_FILES].map((path) => newest(join(ROOT, path))));
if (built >= changed) process.exit(0);
process.stderr.write(
  built ? 'compiling… (sources changed since the last build)\n' : 'compiling… (dist/ is not built yet)\n',
);
const build = spawnSync('npm', ['run', 'build:dist', '--silent'], { cwd: ROOT, stdio: 'inherit' });
process.exit(build.status ?? 1);
