import { copyFile, mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const PAGE = join(import.meta.dirname, 'page');
/** Where the built reviewer page lives; the HTTP adapter serves it from here. */
export const REVIEW_PAGE_DIST = join(import.meta.dirname, 'dist');

/**
 * Builds the reviewer page into `dist/`: the TypeScript bundled and minified into one script for current browsers,
 * the page and its style sheet copied. Each file replaces the old one in one rename, so a server reading them never
 * sees half a file.
 */
export async function buildReviewPage(target = REVIEW_PAGE_DIST): Promise<void> {
  await mkdir(target, { recursive: true });
  const staging = await mkdtemp(`${target}-`);
  await build({
    entryPoints: [join(PAGE, 'main.ts')],
    outfile: join(staging, 'review.js'),
    bundle: true,
    minify: true,
    format: 'esm',
    target: ['es2022'],
    legalComments: 'none',
    logLevel: 'silent',
  });
  await copyFile(join(PAGE, 'index.html'), join(staging, 'index.html'));
  await copyFile(join(PAGE, 'review.css'), join(staging, 'review.css'));
  for (const file of ['review.js', 'review.css', 'index.html']) await rename(join(staging, file), join(target, file));
  await rm(staging, { recursive: true, force: true });
}

// `tsx adapters/http/review/build.ts [folder]`: the package build passes its own folder (dist/…/review/dist).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const target = process.argv[2] ?? REVIEW_PAGE_DIST;
  await buildReviewPage(target);
  console.log(`reviewer page built in ${target}`);
}
