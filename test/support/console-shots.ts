import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

/** With SAVE_SCREENSHOTS=true (`npm run screenshots`) the console's screenshots replace those in docs/images. */
const folder =
  process.env.SAVE_SCREENSHOTS === 'true'
    ? join(import.meta.dirname, '../../docs/images')
    : await mkdtemp(join(tmpdir(), 'assay-console-shots-'));

/** Saves a screenshot of the page as docs/images/<name>.png (or into a temporary folder, when not asked to). */
export async function screenshot(page: Page, name: string, fullPage = false): Promise<void> {
  await page.screenshot({ path: join(folder, `${name}.png`), fullPage });
}
