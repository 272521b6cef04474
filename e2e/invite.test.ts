// An invitation to a private table in Chromium against the real server: Ania creates a private
// table from the lobby's form, goes back to the lobby and invites Bartek from "who is online";
// Bartek's browser shows the invitation, takes him to the waiting room, and he sits. Celina, who has
// only the table's link, sees the waiting room too; once the game starts the table shows to its
// players only, and her screen says so. Screenshots at 360x740 and 1280x800 in e2e/artifacts/,
// axe-checked.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type Running, start, stopAll } from '../packages/server/test/harness.js';
import { ARTIFACTS, accessibilityProblems, useChromium } from './browser.js';
import { DESKTOP, PHONE, type Viewport, errorsOf, guest, openPage } from './play.js';

const browser = useChromium(stopAll);

async function person(server: Running, name: string, viewport: Viewport) {
  const { context, page } = await openPage(browser(), server, viewport);
  await guest(page, name);
  return { page, close: () => context.close() };
}

const shot = (page: Page, name: string) => page.screenshot({ path: `${ARTIFACTS}${name}.png`, fullPage: true });

describe('an invitation to a private table in the browser', () => {
  it('is sent from the lobby’s who is online, opens the waiting room, and the invited sits; the started table shows to its players only', async () => {
    const server = await start({ BASKA_TABLE_SEED: 'e2e-invite' });
    const ania = await person(server, 'Ania', { width: 1280, height: 800 });
    const bartek = await person(server, 'Bartek', PHONE);
    const celina = await person(server, 'Celina', DESKTOP);

    // Ania's private table, no bots: she waits for people.
    await ania.page.uncheck('form.create input[name=public]');
    await ania.page.selectOption('form.create select[name=bots]', '');
    await ania.page.fill('form.create input[name=deals]', '1');
    await ania.page.fill('form.create input[name=seconds]', '600');
    await ania.page.click('form.create button.primary');
    await ania.page.waitForURL(/#\/t\//);
    const id = /#\/t\/([A-Za-z0-9_-]+)/.exec(ania.page.url())![1]!;
    await ania.page.waitForSelector('.waiting');

    // Back in the lobby, her table waits for players: Bartek is invited from who is online.
    await ania.page.goto(`${server.url}/#/`);
    const row = ania.page.locator('.online .people li', { hasText: 'Bartek' });
    await row.locator('button:text-is("Zaproś")').waitFor({ timeout: 15_000 });
    expect(await ania.page.textContent('.online')).toContain('Twój stół czeka na graczy: zaproś kogoś wolnego.');
    expect(await accessibilityProblems(ania.page), 'lobby with an invitation to one’s table').toEqual([]);
    await shot(ania.page, 'invite-lobby-desktop');
    await ania.page.setViewportSize(PHONE);
    await shot(ania.page, 'invite-lobby-phone');
    await ania.page.setViewportSize({ width: 1280, height: 800 });
    await row.locator('button:text-is("Zaproś")').click();
    await row.locator('button:text-is("Zaproszono")').waitFor();

    // Bartek's browser shows the invitation and takes him to the private table's waiting room.
    await bartek.page.waitForSelector('.banner.invite');
    expect(await bartek.page.textContent('.banner.invite')).toContain('Ania zaprasza cię do stołu.');
    await bartek.page.click('.banner.invite button.primary');
    await bartek.page.waitForURL(`**/#/t/${id}`);
    await bartek.page.waitForSelector('.waiting');
    expect(await bartek.page.locator('.table-screen .error').count()).toBe(0);
    await shot(bartek.page, 'invite-waiting-phone');
    await bartek.page.click('.waiting .seats li:nth-child(2) button:text-is("Usiądź")');
    await bartek.page.waitForSelector('.waiting .seats li:nth-child(2):has-text("Bartek")');
    await ania.page.goto(`${server.url}/#/t/${id}`);
    await ania.page.waitForSelector('.waiting .seats li:nth-child(2):has-text("Bartek")');

    // Celina has only the link: the waiting room shows to her as well, before the start.
    await celina.page.goto(`${server.url}/#/t/${id}`);
    await celina.page.waitForSelector('.waiting .seats li:nth-child(2):has-text("Bartek")');

    // Ania seats two bots and starts: the players get their cards, Celina is told the table is private now.
    for (const seat of [3, 4]) {
      await ania.page.click(`.waiting .seats li:nth-child(${seat}) button:text-is("Dodaj komputer")`);
      await ania.page.waitForSelector(`.waiting .seats li:nth-child(${seat}) .badge`);
    }
    await ania.page.click('.waiting button.primary:text-is("Zaczynamy")');
    for (const p of [ania, bartek]) await p.page.waitForSelector('.hand .card', { timeout: 20_000 });
    const said = 'To prywatny stół: odkąd gra się zaczęła, widzą go tylko jego gracze.';
    await celina.page.waitForSelector(`.table-screen [role=alert]:text-is("${said}")`, { timeout: 15_000 });
    expect(await celina.page.locator('.waiting, .hand, .seats').count()).toBe(0);
    expect(await accessibilityProblems(celina.page), 'a private table after its start').toEqual([]);
    await shot(celina.page, 'invite-private-started-desktop');
    await celina.page.setViewportSize(PHONE);
    await shot(celina.page, 'invite-private-started-phone');

    for (const p of [ania, bartek, celina]) {
      expect(errorsOf(p.page)).toEqual([]);
      await p.close();
    }
  }, 120_000);
});
