// Who is online, an invitation and the fair-play mark in Chromium against the real server: two
// registered players in the lobby see each other; one invites the other from his open rated table
// and the invitation takes him there; four accounts from one address at the rated table are marked
// for everyone at it, with why the rated game will not start (decision 015). Screenshots at 360x740 and 1280x800 in e2e/artifacts/, axe-checked.
import { describe, expect, it } from 'vitest';
import { Client, type Running, start, stopAll } from '../packages/server/test/harness.js';
import { ARTIFACTS, accessibilityProblems, useChromium } from './browser.js';

const SHOTS = ARTIFACTS;

const browser = useChromium(stopAll);

async function page(server: Running, client: Client, viewport: { width: number; height: number }, path = '') {
  const context = await browser().newContext({ viewport });
  const [name, value] = client.cookie.split('=');
  await context.addCookies([{ name: name!, value: value!, url: server.url }]);
  const p = await context.newPage();
  const errors: string[] = [];
  p.on('pageerror', (e) => errors.push(e.message));
  await p.goto(`${server.url}/#/${path}`);
  return { page: p, errors, close: () => context.close() };
}

describe('who is online in the browser', () => {
  it('lists the people online, carries an invitation to a table, and shows the same-address mark', async () => {
    const server = await start({});
    const players: Client[] = [];
    for (const name of ['Ania', 'Bartek', 'Celina', 'Dawid']) {
      const c = new Client(server.url);
      expect((await c.http('POST', '/api/register', { name, password: 'kaszuby-1234' })).status).toBe(200);
      players.push(c);
    }
    const [ania, bartek, celina, dawid] = players as [Client, Client, Client, Client];
    const a = await page(server, ania, { width: 1280, height: 800 });
    const b = await page(server, bartek, { width: 360, height: 740 });
    for (const [p, other] of [
      [a, 'Bartek'],
      [b, 'Ania'],
    ] as const)
      await p.page.waitForSelector(`.online .people li:has-text("${other}")`, { timeout: 15_000 });
    expect(await a.page.textContent('.online')).toContain('wolny');
    expect(await accessibilityProblems(a.page), 'lobby with who is online').toEqual([]);
    await a.page.screenshot({ path: `${SHOTS}online-lobby-desktop.png`, fullPage: true });
    await b.page.screenshot({ path: `${SHOTS}online-lobby-phone.png`, fullPage: true });

    // Ania's rated table: she invites Bartek, and his invitation takes him there.
    const created = await ania.http('POST', '/api/tables', { rated: true, deals: 8, secondsPerMove: 600 });
    const id = created.body.table.id as string;
    await a.page.goto(`${server.url}/#/t/${id}`);
    await a.page.click('.invite-people li:has-text("Bartek") button');
    await a.page.waitForSelector('.invite-people button:text-is("Zaproszono")');
    await b.page.waitForSelector('.banner.invite');
    expect(await b.page.textContent('.banner.invite')).toContain('Ania zaprasza cię do stołu (gra rankingowa)');
    expect(await accessibilityProblems(b.page), 'invitation').toEqual([]);
    await b.page.screenshot({ path: `${SHOTS}invitation-phone.png`, fullPage: true });
    await b.page.click('.banner.invite button.primary');
    await b.page.waitForURL(`**/#/t/${id}`);
    await b.page.waitForSelector('.waiting');
    expect(await b.page.locator('.banner.invite').count()).toBe(0);

    // Four accounts from one address at the rated table: each sees the mark.
    for (const [seat, c] of [bartek, celina, dawid].entries()) {
      expect((await c.http('POST', `/api/tables/${id}/sit`, { seat: seat + 1 })).status).toBe(200);
    }
    for (const c of [celina, dawid]) {
      await c.connect();
      c.send({ type: 'join', table: id });
      await c.next((m) => m.type === 'fairPlay', 20_000, 0);
    }
    const mark = 'Uwaga: Ania, Bartek, Celina i Dawid łączą się z jednego adresu internetowego.';
    for (const p of [a, b]) await p.page.waitForSelector(`.fair-play:text-is("${mark}")`, { timeout: 15_000 });
    expect(await a.page.textContent('.fair-play-why')).toBe(
      'Gra rankingowa nie ruszy, dopóki dwie osoby łączą się z jednego adresu. Zagrajcie przy stole nierankingowym.',
    );
    expect(await accessibilityProblems(a.page), 'table with the mark').toEqual([]);
    await a.page.screenshot({ path: `${SHOTS}fair-play-desktop.png`, fullPage: true });
    await b.page.screenshot({ path: `${SHOTS}fair-play-phone.png`, fullPage: true });

    for (const p of [a, b]) {
      expect(p.errors).toEqual([]);
      await p.close();
    }
    for (const c of players) c.close();
  }, 120_000);
});
