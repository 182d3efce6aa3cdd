import type { TestFn } from 'ava';
import type { Config } from '../../bootstrap/config.ts';
import {
  type ConsoleBrowser,
  type ConsoleTab,
  consoleBrowserAvailable,
  startConsoleBrowser,
} from './console-browser.ts';
import { databaseWorlds } from './http-world.ts';

/**
 * A console browser test file's set-up: a world per database (started before its tests, closed after) and one
 * chromium for the file; `browserTest` skips where chromium is missing, `tab` opens a watched tab on a world.
 * Ava runs `before` hooks together: a file's own hook that needs a world is declared `test.serial.before`, and
 * the file declares its hooks after calling this.
 */
export async function consoleSuite(test: TestFn, config: Partial<Config> = {}) {
  const worlds = await databaseWorlds(test, config);
  const browserTest = consoleBrowserAvailable() ? test.serial : test.skip;
  let browser: ConsoleBrowser | undefined;
  test.before(async () => {
    if (consoleBrowserAvailable()) browser = await startConsoleBrowser();
  });
  test.after.always(async () => {
    await browser?.close();
  });
  const tab = (origin: string): Promise<ConsoleTab> => {
    if (!browser) throw new Error('the console browser is not started');
    return browser.tab(origin);
  };
  return { worlds, browserTest, tab };
}

/** A scene made on first use and shared by the tests after it (made again only if making it failed). */
export function sharedScene<T>(make: () => Promise<T>): () => Promise<T> {
  let made: { value: T } | undefined;
  return async () => {
    made ??= { value: await make() };
    return made.value;
  };
}

/** The text of each data row of a table (its cells joined by " | "). */
export const rowsOf = (tab: ConsoleTab, table: string) =>
  tab.page
    .getByRole('region', { name: table, exact: true })
    .locator('tr.data-row')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? '').join(' | ')),
    );
