import { copyFile, mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const PAGE = join(import.meta.dirname, 'page');
/** Where the built console lives; the HTTP adapter serves it from here. */
export const CONSOLE_DIST = join(import.meta.dirname, 'dist');

/** uPlot's own style sheet, shipped inside the console's (no other host is ever asked for it). */
const chartStyles = () => readFile(createRequire(import.meta.url).resolve('uplot/dist/uPlot.min.css'), 'utf8');

/**
 * Builds the console into `dist/`: the Preact screens bundled and minified into one script, the chart library's
 * style sheet and the console's in one style sheet, the page shell copied. Each file replaces the old one in one
 * rename, so a server reading them never sees half a file.
 */
export async function buildConsole(target = CONSOLE_DIST): Promise<void> {
  await mkdir(target, { recursive: true });
  const staging = await mkdtemp(`${target}-`);
  await build({
    entryPoints: [join(PAGE, 'main.tsx')],
    outfile: join(staging, 'console.js'),
    bundle: true,
    minify: true,
    format: 'esm',
    target: ['es2022'],
    jsx: 'automatic',
    jsxImportSource: 'preact',
    legalComments: 'none',
    logLevel: 'silent',
  });
  const styles = `${await chartStyles()}\n${await readFile(join(PAGE, 'console.css'), 'utf8')}`;
  await writeFile(join(staging, 'console.css'), styles);
  await copyFile(join(PAGE, 'index.html'), join(staging, 'index.html'));
  for (const file of ['console.js', 'console.css', 'index.html']) await rename(join(staging, file), join(target, file));
  await rm(staging, { recursive: true, force: true });
}

// `tsx adapters/http/console/build.ts [folder]`: the package build passes its own folder (dist/…/console/dist).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const target = process.argv[2] ?? CONSOLE_DIST;
  await buildConsole(target);
  console.log(`console built in ${target}`);
}
