// The installed app (issue 36) in Debian's Chromium at a phone's width, against the real server: the
// manifest and the service worker pass Chromium's installability checks, the server serves them so
// that a new version is seen at once, and the app opens again with the network cut.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { BROWSER_DATABASES, start, stopAll } from '../packages/server/test/harness.js';
import { CHROMIUM } from './browser.js';
import { PHONE } from './play.js';

afterAll(stopAll);

/**
 * A browser with a profile of its own (Chromium installs nothing from an incognito context), a page
 * at a phone's width on `url`, its script errors collected.
 */
async function installable(url: string) {
  const context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'baska-app-')), {
    executablePath: CHROMIUM,
    args: ['--no-sandbox'],
    viewport: PHONE,
    hasTouch: true,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(url);
  return { context, page, errors };
}

describe.each(BROWSER_DATABASES)('the installed app ($name)', ({ env }) => {
  it('installs, and opens again with no network', async () => {
    const server = await start(env());
    const { context, page, errors } = await installable(server.url);
    // The service worker has installed and precached the build, and controls the page after a reload.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors).toEqual([]);
    const manifest = (await (await fetch(`${server.url}/manifest.webmanifest`)).json()) as Record<string, unknown>;
    expect(manifest).toMatchObject({ name: 'Baśka', display: 'standalone', start_url: '/' });
    expect((manifest.icons as { purpose: string }[]).map((i) => i.purpose)).toContain('maskable');
    // The worker and the page are asked for each time; the hashed assets are kept.
    const sw = await fetch(`${server.url}/sw.js`);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    const asset = /\/assets\/index-[^"]+\.js/.exec(await (await fetch(server.url)).text())![0];
    expect((await fetch(server.url + asset)).headers.get('cache-control')).toContain('immutable');

    await context.setOffline(true);
    await page.reload();
    await page.waitForSelector('header .brand');
    expect(await page.title()).toBe('Baśka');
    expect(errors).toEqual([]);
    await context.close();
  });
});
