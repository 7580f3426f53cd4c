/**
 * Launches Debian's Chromium (apt-get install chromium) with playwright-core — never a downloaded
 * browser. CI's .ci/run installs it; without it the suite fails with a message saying so.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Where Debian installs Chromium. */
export const CHROMIUM = process.env.COLOPHON_CHROMIUM ?? '/usr/bin/chromium';

const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** Starts headless Chromium; throws with the install command when it is missing. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: run \`apt-get install -y chromium\` (Debian's build; never download one).`);
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS });
}

/** Waits until the playground's worker is ready (its #status reads data-state="ready"). */
export async function waitReady(page: Page): Promise<void> {
  await page.waitForSelector('#status[data-state="ready"]', { timeout: 60_000 });
}

/** Opens the playground at `url` in a new page of `owner` and waits until its worker is ready. */
export async function openReady(owner: Browser | BrowserContext, url: string): Promise<Page> {
  const page = await owner.newPage();
  await page.goto(url);
  await waitReady(page);
  return page;
}
