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
import { PHONE, moveIfMyTurn } from './play.js';

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

  it('plays a whole game against the computer players with the network cut, through a reload', async () => {
    const server = await start(env());
    const { context, page, errors } = await installable(server.url);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await context.setOffline(true);
    await page.reload();
    // The app says it is offline and offers the computer players.
    await page.getByRole('status').filter({ hasText: 'Jesteś offline' }).waitFor();
    await page.selectOption('select[name=level]', 'basic');
    await page.fill('input[name=deals]', '1');
    await page.click('form.create button.primary');
    await page.waitForURL(/#\/offline\/off-/);
    const game = /#\/offline\/(off-[0-9a-f-]+)/.exec(page.url())![1]!;
    // Half of the deal, then a reload: the game is where it was (IndexedDB), and goes on.
    let moves = 0;
    while (moves < 3) if (await moveIfMyTurn(page)) moves++;
    const before = await page.getAttribute('.table-screen', 'data-version');
    const hand = await page.$$eval('.hand .card', (b) => b.map((x) => x.getAttribute('data-card')));
    await page.reload();
    await page.waitForSelector('.table-screen .hand');
    expect(await page.$$eval('.hand .card', (b) => b.map((x) => x.getAttribute('data-card')))).toEqual(hand);
    expect(before).not.toBeNull();
    const over = async () => (await page.$('.game-end')) !== null;
    while (!(await over())) {
      if (await page.$('.deal-end button.primary')) await page.click('.deal-end button.primary');
      else if (!(await moveIfMyTurn(page))) await page.waitForTimeout(50);
    }
    expect(page.url()).toContain(game);
    expect(errors).toEqual([]);
    await context.close();
  });
});
