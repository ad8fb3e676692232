// Headless Chromium for the page tests: one browser, pages that fail their test on any request but
// the file itself or on any script error.
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { expect } from 'vitest';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchChromium(): Promise<Browser> {
  expect(
    existsSync(CHROMIUM),
    `Chromium not found at ${CHROMIUM}: install the Debian package "chromium" (.ci/run does) or set CHROMIUM_PATH`,
  ).toBe(true);
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
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

const seen = new WeakMap<Page, { requests: string[]; errors: string[] }>();

/** A page on a file; `closePage` closes it and fails the test on any request but the file, or any script error. */
export async function openPage(browser: Browser, file: string, hash = '', viewport = { width: 1400, height: 900 }): Promise<Page> {
  const page = await browser.newPage({ viewport });
  const log = { requests: [] as string[], errors: [] as string[] };
  seen.set(page, log);
  page.on('request', (r) => log.requests.push(r.url()));
  page.on('pageerror', (e) => log.errors.push(e.message));
  await page.goto(pathToFileURL(file).href + hash);
  return page;
}

export async function closePage(page: Page): Promise<void> {
  const log = seen.get(page)!;
  await page.close();
  expect(
    log.requests.filter((u) => !u.startsWith('file:')),
    'network requests',
  ).toEqual([]);
  expect(log.errors, 'page errors').toEqual([]);
}
