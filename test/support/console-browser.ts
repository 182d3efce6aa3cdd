import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { buildConsole } from '../../adapters/http/console/build.ts';
import { chromiumAvailable, launchChromium } from '../browser/chromium.ts';

/** One browser tab on the console, with everything that went wrong in it so far. */
export interface ConsoleTab {
  readonly page: Page;
  /** Console errors, uncaught exceptions, failed requests, answers ≥ 400 not expected, requests to another host. */
  readonly problems: string[];
  /** Answers with this status on a path matching the pattern are expected (a refused key: 401 on /auth/user). */
  expect(status: number, path: RegExp): void;
}

/** The console's browser: Debian's chromium, started once per test file, with the console built first. */
export interface ConsoleBrowser {
  /** A fresh tab (its own sessionStorage) on the server at `origin`, watched for problems. */
  tab(origin: string): Promise<ConsoleTab>;
  close(): Promise<void>;
}

/** Whether the console's browser tests can run here (chromium installed; under CI=true it must be). */
export const consoleBrowserAvailable = chromiumAvailable;

/** Builds the console and starts chromium. */
export async function startConsoleBrowser(): Promise<ConsoleBrowser> {
  await buildConsole();
  const browser: Browser = await launchChromium();
  return {
    async tab(origin) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
      const page = await context.newPage();
      const problems: string[] = [];
      const expected: { status: number; path: RegExp }[] = [];
      page.on('console', (message) => {
        // The browser also logs every answer ≥ 400: the response listener below judges those (some are expected).
        if (/^Failed to load resource: the server responded/.test(message.text())) return;
        if (message.type() === 'error' || /Content Security Policy/i.test(message.text()))
          problems.push(`console: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      page.on('requestfailed', (request) => {
        const failure = request.failure()?.errorText ?? '';
        // A page left while its request was under way (a link followed, a reload) aborts it: not a failure.
        if (!/ERR_ABORTED/.test(failure)) problems.push(`failed: ${request.method()} ${request.url()} ${failure}`);
      });
      page.on('response', (response) => {
        const url = new URL(response.url());
        if (response.status() < 400 || url.origin !== origin) return;
        if (expected.some((rule) => rule.status === response.status() && rule.path.test(url.pathname))) return;
        problems.push(`answer ${response.status()}: ${response.request().method()} ${url.pathname}${url.search}`);
      });
      await context.route('**/*', (route) => {
        const url = route.request().url();
        if (url.startsWith(`${origin}/`) || url === origin) return route.continue();
        problems.push(`another host: ${url}`);
        return route.abort();
      });
      return { page, problems, expect: (status, path) => expected.push({ status, path }) };
    },
    close: () => browser.close(),
  };
}

/** Signs in on the console's form with an API key ("API key", "Continue") and waits for the first screen. */
export async function signIn(tab: ConsoleTab, origin: string, key: string, path = '/app'): Promise<void> {
  await tab.page.goto(`${origin}${path}`);
  await tab.page.getByLabel('API key', { exact: true }).fill(key);
  await tab.page.getByRole('button', { name: 'Continue' }).click();
  await tab.page.waitForSelector('header.top');
}

let axeSource: Promise<string> | undefined;

/** An accessibility violation axe-core found, in a line. */
export interface Violation {
  readonly id: string;
  readonly impact: string;
  readonly help: string;
  readonly targets: string[];
}

/**
 * Runs axe-core in the page (given to the page through the browser's debugging protocol, which the page's
 * Content-Security-Policy does not govern) and answers its serious and critical violations.
 */
export async function seriousViolations(page: Page): Promise<Violation[]> {
  axeSource ??= readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  const present = await page.evaluate('typeof window.axe === "object"');
  if (!present) await page.evaluate(await axeSource);
  const violations = (await page.evaluate(
    `window.axe.run(document, { resultTypes: ['violations'] }).then((result) => result.violations.map((v) => ({
      id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((node) => String(node.target)) })))`,
  )) as Violation[];
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}

/** Whether stored markup ran in the page (the HOSTILE payloads set `window.__pwned` if they do). */
export const markupRan = (page: Page): Promise<unknown> => page.evaluate('window.__pwned ?? null');
