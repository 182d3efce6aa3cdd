import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** Debian's chromium, driven as it is installed: no browser is ever downloaded. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Whether the browser tests can run. Under CI=true a missing chromium fails the run (.ci/run installs it); elsewhere
 * the tests are skipped with a loud message.
 */
export function chromiumAvailable(): boolean {
  if (existsSync(CHROMIUM)) return true;
  const why = `chromium not found at ${CHROMIUM}: install it with \`apt-get install -y chromium\``;
  if (process.env.CI === 'true') throw new Error(`Browser tests need chromium under CI=true; ${why}`);
  console.warn(`\n*** BROWSER TESTS SKIPPED: ${why} ***\n`);
  return false;
}

/** A headless chromium with a fresh profile, no network of its own (no updates, sync or QUIC). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
